import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

async function submit(email: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email address'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('ForgotPasswordForm', () => {
  it.each(['', 'dana', 'dana@demo', 'dana @demo.test'])('rejects %j with Email address invalid', async (email) => {
    const fetchMock = mockFetch(200, {});
    renderWithProviders(<ForgotPasswordForm />);
    await submit(email);
    expect(screen.getByRole('alert').textContent).toBe('Email address invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the address and shows the spec text', async () => {
    const fetchMock = mockFetch(200, { message: 'ok' });
    renderWithProviders(<ForgotPasswordForm />);
    await submit('dana@demo.test');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Please check your email for instructions how to reset your password.',
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/forgot-password');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'dana@demo.test' });
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });

  it('shows the text of a refusal the server makes, without the field name its message starts with', async () => {
    mockFetch(400, { message: 'email: Email address invalid', field: 'email', errors: ['Email address invalid'] });
    renderWithProviders(<ForgotPasswordForm />);
    await submit('dana@demo.test');
    expect((await screen.findByRole('alert')).textContent).toBe('Email address invalid');
  });
});
