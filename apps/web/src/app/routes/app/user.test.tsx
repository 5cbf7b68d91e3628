import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { SUBUSER_ERRORS } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { PROFILE } from '../../../testing/shipments-data.ts';
import { SUBUSER } from '../../../testing/subusers-data.ts';
import { bodiesSentTo, mockApi, renderWithProviders, type ApiAnswer } from '../../../testing/test-utils.tsx';
import { UserRoute } from './user.tsx';

const ACCOUNTS = {
  accounts: [
    { account_no: '40001', name: 'Demo Imports LLC' },
    { account_no: '40002', name: 'Home Goods' },
  ],
};

/** Sub-user 7 as the server reads it, and `saved` as its answer to saving it. */
const subuserSeven =
  (saved: ApiAnswer) =>
  (_url: URL, init?: RequestInit): ApiAnswer =>
    init?.method === 'PATCH' ? saved : { body: { subuser: SUBUSER } };

const renderEditor = (id: string) => renderWithProviders(<UserRoute />, { url: `/users/${id}`, path: '/users/:id' });

describe('the sub-user editor', () => {
  it('sends only the changed accounts and shows Update successful', async () => {
    const fetchMock = mockApi({
      '/user/profile': { body: PROFILE },
      '/user/user/accounts': { body: ACCOUNTS },
      '/user/user/subusers/7': subuserSeven({
        body: { message: TEXTS.subuserUpdated, subuser: { ...SUBUSER, linked_accounts: ['40002'] } },
      }),
    });
    renderEditor('7');
    expect(await screen.findByDisplayValue('Tom Becker')).toBeTruthy();
    const account = await screen.findByRole('switch', { name: '40001' });
    expect((account as HTMLInputElement).checked).toBe(true);
    fireEvent.click(account);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(TEXTS.subuserUpdated);
    expect(bodiesSentTo(fetchMock, '/user/user/subusers/7').filter(Boolean)).toEqual([{ linkedAccounts: ['40002'] }]);
  });

  it('resets the user’s two-factor sign-in after asking, and says so', async () => {
    const fetchMock = mockApi({
      '/user/profile': { body: PROFILE },
      '/user/user/accounts': { body: ACCOUNTS },
      '/user/user/subusers/7': { body: { subuser: SUBUSER } },
      '/user/user/subusers/7/two-factor/reset': { body: { message: TWO_FACTOR_TEXTS.resetForUserDone } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderEditor('7');
    fireEvent.click(await screen.findByRole('button', { name: TWO_FACTOR_TEXTS.resetForUser }));
    expect(confirm).toHaveBeenCalledWith(TWO_FACTOR_TEXTS.confirmResetForUser);
    expect((await screen.findByRole('status')).textContent).toBe(TWO_FACTOR_TEXTS.resetForUserDone);
    const posts = fetchMock.mock.calls.filter(
      ([url, init]) => url.endsWith('/two-factor/reset') && init?.method === 'POST',
    );
    expect(posts).toHaveLength(1);
    confirm.mockRestore();
  });

  it('leaves the caller’s own e-mail, password and second factor to Settings', async () => {
    mockApi({
      '/user/profile': { body: { ...PROFILE, id: 7, role: 4 } },
      '/user/user/accounts': { body: ACCOUNTS },
      '/user/user/subusers/7': { body: { subuser: { ...SUBUSER, role: 4 } } },
    });
    renderEditor('7');
    expect(await screen.findByDisplayValue('Tom Becker')).toBeTruthy();
    const email = screen.getByLabelText('Username (e-mail)') as HTMLInputElement;
    await vi.waitFor(() => expect(email.disabled).toBe(true));
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toContain(
      SUBUSER_ERRORS.ownSignInInSettings,
    );
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('E-mail a link to set the password') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.queryByRole('button', { name: TWO_FACTOR_TEXTS.resetForUser })).toBeNull();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).disabled).toBe(false);
  });

  it('names the user in the tab’s title', async () => {
    mockApi({
      '/user/profile': { body: PROFILE },
      '/user/user/accounts': { body: ACCOUNTS },
      '/user/user/subusers/7': { body: { subuser: SUBUSER } },
    });
    renderEditor('7');
    expect(await screen.findByDisplayValue('Tom Becker')).toBeTruthy();
    expect(document.title).toBe('Edit User: Tom Becker · Clearport');
  });

  it('disables the password while the set-password e-mail is ticked, and sends no password with it', async () => {
    const fetchMock = mockApi({
      '/user/profile': { body: PROFILE },
      '/user/user/accounts': { body: ACCOUNTS },
      '/user/user/subusers/7': subuserSeven({ body: { message: TEXTS.subuserUpdated, subuser: SUBUSER } }),
    });
    renderEditor('7');
    const password = await screen.findByLabelText<HTMLInputElement>('Password');
    fireEvent.change(password, { target: { value: 'typed-pass-1' } });
    const sendLink = screen.getByRole('checkbox', { name: 'E-mail a link to set the password' });
    fireEvent.click(sendLink);
    expect(password.disabled).toBe(true);
    expect(password.value).toBe('');
    fireEvent.click(sendLink);
    expect(password.disabled).toBe(false);
    fireEvent.click(sendLink);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(TEXTS.subuserUpdated);
    expect(bodiesSentTo(fetchMock, '/user/user/subusers/7').filter(Boolean)).toEqual([{ send_password_link: true }]);
  });

  it('shows the server’s refusal and marks the field it names', async () => {
    mockApi({
      '/user/profile': { body: PROFILE },
      '/user/user/accounts': { body: ACCOUNTS },
      '/user/user/subusers': {
        status: 409,
        body: { message: SUBUSER_ERRORS.emailTaken, field: 'email', errors: [SUBUSER_ERRORS.emailTaken] },
      },
    });
    renderEditor('new-user');
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Twin' } });
    fireEvent.change(screen.getByLabelText('Username (e-mail)'), { target: { value: 'USER@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Position' }), { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'User' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SUBUSER_ERRORS.emailTaken);
    expect(screen.getByLabelText('Username (e-mail)').getAttribute('aria-invalid')).toBe('true');
    // The focus goes to the field, which reads the message.
    expect(document.activeElement).toBe(screen.getByLabelText('Username (e-mail)'));
  });

  it('shows the server’s refusal of a user who sees an account the caller does not', async () => {
    const fetchMock = mockApi({
      '/user/profile': { body: PROFILE },
      '/user/user/accounts': { body: ACCOUNTS },
      '/user/user/subusers/7': subuserSeven({ status: 403, body: { message: SUBUSER_ERRORS.outsideAccounts } }),
    });
    renderEditor('7');
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'taken-over-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SUBUSER_ERRORS.outsideAccounts);
    expect(bodiesSentTo(fetchMock, '/user/user/subusers/7').filter(Boolean)).toEqual([{ password: 'taken-over-1' }]);
  });

  it('opens a user linked to an account the caller does not see read-only, and says why', async () => {
    const fetchMock = mockApi({
      '/user/profile': { body: PROFILE },
      '/user/user/accounts': { body: { accounts: [ACCOUNTS.accounts[0]] } },
      '/user/user/subusers/7': { body: { subuser: SUBUSER } },
    });
    renderEditor('7');
    expect((await screen.findByRole('alert')).textContent).toBe(SUBUSER_ERRORS.outsideAccounts);
    for (const name of ['Save', 'Delete user']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled, name).toBe(true);
      fireEvent.click(button);
    }
    for (const field of [
      screen.getByLabelText('Full name'),
      screen.getByLabelText('Password'),
      screen.getByRole('switch', { name: '40001' }),
      screen.getByRole('switch', { name: 'Active' }),
      screen.getByLabelText('Position'),
    ]) {
      expect(field.matches(':disabled'), field.outerHTML).toBe(true);
    }
    expect(bodiesSentTo(fetchMock, '/user/user/subusers/7').filter(Boolean)).toEqual([]);
  });

  it('says why the accounts are missing: Failed to fetch accounts', async () => {
    mockApi({
      '/user/profile': { body: PROFILE },
      '/user/user/accounts': { status: 403, body: { message: SUBUSER_ERRORS.notAllowed } },
      '/user/user/subusers/7': { body: { subuser: SUBUSER } },
    });
    renderEditor('7');
    expect((await screen.findAllByText(TEXTS.accountsFetchFailed)).length).toBeGreaterThan(0);
  });

  it('never opens a primary user for editing, and answers a user it cannot find', async () => {
    mockApi({
      '/user/user/accounts': { body: ACCOUNTS },
      '/user/user/subusers/7': { body: { subuser: { ...SUBUSER, role: 3 } } },
    });
    const { unmount } = renderEditor('7');
    expect((await screen.findByRole('alert')).textContent).toBe(SUBUSER_ERRORS.primaryLocked);
    expect(screen.queryByLabelText('Full name')).toBeNull();
    unmount();
    renderEditor('8');
    expect((await screen.findByRole('alert')).textContent).toBe(SUBUSER_ERRORS.userNotFound);
  });
});
