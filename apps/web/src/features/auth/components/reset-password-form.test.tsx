import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

async function submit(email: string, password: string, confirmation: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email address'), email);
  if (password) await userEvent.type(screen.getByLabelText('New password'), password);
  if (confirmation) await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ResetPasswordForm validation', () => {
  it.each([
    ['', 'secret1', 'secret1', 'Email cannot be empty'],
    ['dana@demo', 'secret1', 'secret1', 'Please enter a valid email address'],
    ['dana@demo.test', '', 'secret1', 'Password cannot be empty'],
    ['dana@demo.test', 'short', 'short', 'Password should be at least 6 characters long'],
    ['dana@demo.test', 'secret1', '', 'Please confirm your password'],
    ['dana@demo.test', 'secret1', 'secret2', 'Password and confirm password should match'],
  ])('%j / %j / %j shows %s', async (email, password, confirmation, message) => {
    const fetchMock = mockFetch(200, {});
    renderWithProviders(<ResetPasswordForm token="reset-token" />);
    await submit(email, password, confirmation);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ResetPasswordForm with the server', () => {
  it('posts to the token path and shows the spec text', async () => {
    const fetchMock = mockFetch(200, { message: 'Your password has been changed!' });
    renderWithProviders(<ResetPasswordForm token="a-b_c" />);
    await submit('dana@demo.test', 'new-secret', 'new-secret');
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been changed!');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reset-password/a-b_c');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'dana@demo.test',
      password: 'new-secret',
      password_confirmation: 'new-secret',
    });
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's message on a 400", async () => {
    mockFetch(400, { message: 'Please enter a valid email and password' });
    renderWithProviders(<ResetPasswordForm token="expired" />);
    await submit('dana@demo.test', 'new-secret', 'new-secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email and password');
  });

  it('shows the text of a schema refusal, without the field name its message starts with', async () => {
    mockFetch(400, {
      message: 'password: Password should be at least 6 characters long',
      field: 'password',
      errors: ['Password should be at least 6 characters long'],
    });
    renderWithProviders(<ResetPasswordForm token="a-b_c" />);
    await submit('dana@demo.test', 'new-secret', 'new-secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Password should be at least 6 characters long');
  });

  it('shows a common password’s refusal at the password field', async () => {
    const message = 'This password is too common or has appeared in a data breach. Choose another one.';
    mockFetch(400, { message, field: 'password', errors: [message] });
    renderWithProviders(<ResetPasswordForm token="a-b_c" />);
    await submit('dana@demo.test', 'qwerty123', 'qwerty123');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBeNull();
  });
});
