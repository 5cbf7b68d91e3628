import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { API_PATHS } from '@clearport/contract/paths';
import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { mockApi, mockFetch, renderWithProviders } from '../../../testing/test-utils.tsx';
import { LoginForm } from './login-form.tsx';

const LOGIN_REPLY = {
  token: 'session-token',
  name: 'Dana Whitfield',
  role: 4,
  primary: 'Priya Raman',
  company_primary_contact: 'Priya Raman',
};

function renderForm() {
  const onSuccess = vi.fn();
  renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  return { onSuccess };
}

async function submit(userName: string, password: string) {
  if (userName) await userEvent.type(screen.getByLabelText('Username'), userName);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm validation', () => {
  it.each([
    ['', '', 'Username and Password cannot be empty'],
    ['', 'secret', 'Username cannot be empty'],
    ['   ', 'secret', 'Username cannot be empty'],
    ['dana@demo.test', '', 'Password cannot be empty'],
  ])('user %j and password %j show %s without calling the server', async (userName, password, message) => {
    const fetchMock = mockFetch(200, LOGIN_REPLY);
    renderForm();
    await submit(userName, password);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks the empty field invalid and focuses it', async () => {
    renderForm();
    await submit('dana@demo.test', '');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
  });
});

describe('LoginForm with the server', () => {
  it('posts userName and password, stores the session cookies and reports success', async () => {
    const fetchMock = mockFetch(200, LOGIN_REPLY);
    const { onSuccess } = renderForm();
    await submit(' dana@demo.test ', 'portal-demo');

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ userName: 'dana@demo.test', password: 'portal-demo' });
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
    expect(Cookies.get()).toMatchObject({
      token: 'session-token',
      name: 'Dana Whitfield',
      role: '4',
      primary: 'Priya Raman',
    });
    expect(onSuccess.mock.calls[0]?.[0]).toMatchObject({ role: 4 });
  });

  it('shows the spec text on a 401', async () => {
    mockFetch(401, { message: 'The username and password did not match.' });
    const { onSuccess } = renderForm();
    await submit('dana@demo.test', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('The username and password did not match.');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(Cookies.get('token')).toBeUndefined();
  });

  it("shows the server's message on a 429", async () => {
    const message = 'Too many failed login attempts. Please try again in 15 minutes.';
    mockFetch(429, { message });
    renderForm();
    await submit('dana@demo.test', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('shows the generic toast on other failures', async () => {
    mockFetch(500, { message: 'Internal' });
    renderForm();
    await submit('dana@demo.test', 'portal-demo');
    expect(await screen.findByText('Something went wrong. Please, try again in a few minutes!')).toBeTruthy();
  });

  it('links to forgot password', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });
});

describe('LoginForm with a second factor', () => {
  it('asks for the code after the password, posts it with the challenge, then reports the session', async () => {
    const fetchMock = mockApi({
      [API_PATHS.login]: { body: { challenge: 'challenge-token', step: 'second_factor' } },
      [API_PATHS.loginSecondFactor]: { body: { ...LOGIN_REPLY, role: 11 } },
    });
    const { onSuccess } = renderForm();
    await submit('dana@demo.test', 'portal-demo');

    const code = await screen.findByLabelText(TWO_FACTOR_TEXTS.code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(Cookies.get('token')).toBeUndefined();
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ role: 11 })));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/user/login/second-factor');
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: 'challenge-token', code: '123456' });
  });

  it('takes a recovery code through its link, and shows the server’s refusal', async () => {
    mockApi({
      [API_PATHS.login]: { body: { challenge: 'challenge-token', step: 'second_factor' } },
      [API_PATHS.loginSecondFactor]: { status: 401, body: { message: 'That recovery code did not match.' } },
    });
    const { onSuccess } = renderForm();
    await submit('dana@demo.test', 'portal-demo');
    await userEvent.click(await screen.findByRole('button', { name: TWO_FACTOR_TEXTS.useRecoveryCode }));
    await userEvent.type(screen.getByLabelText(TWO_FACTOR_TEXTS.recoveryCode), 'abcdef-ghijkl');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe('That recovery code did not match.');
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
