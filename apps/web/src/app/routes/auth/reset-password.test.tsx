import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setPasswordLinkQuery } from '@clearport/contract/auth';
import { bodiesSentTo, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ResetPasswordRoute } from './reset-password.tsx';

const renderPage = (url: string) =>
  renderWithProviders(<ResetPasswordRoute />, { url, path: '/reset-password/:token' });

describe('the reset password page', () => {
  it('is the spec’s Reset password for an ordinary link: the e-mail is typed', () => {
    renderPage('/reset-password/reset-token');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset password');
    const email = screen.getByLabelText<HTMLInputElement>('Email address');
    expect(email.value).toBe('');
    expect(email.readOnly).toBe(false);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it('greets a new user by name under Set your password, the e-mail filled in and read-only', async () => {
    const fetchMock = mockApi({
      '/reset-password/welcome-token': { body: { message: 'Your password has been changed!' } },
    });
    const query = setPasswordLinkQuery({ name: 'Ivy Invited', email: 'ivy@demo.test' });
    renderPage(`/reset-password/welcome-token?${query}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Set your password');
    expect(screen.getByText('Hello Ivy Invited, choose the password of your Clearport account.')).toBeTruthy();
    expect(document.title).toBe('Set your password · Clearport');
    const email = screen.getByLabelText<HTMLInputElement>('Email address');
    expect(email.value).toBe('ivy@demo.test');
    expect(email.readOnly).toBe(true);
    await userEvent.type(screen.getByLabelText('New password'), 'chosen-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'chosen-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password has been changed!')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/reset-password/welcome-token')).toEqual([
      { email: 'ivy@demo.test', password: 'chosen-1', password_confirmation: 'chosen-1' },
    ]);
  });
});
