import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils.tsx';
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
