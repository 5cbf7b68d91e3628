import { describe, expect, it } from 'vitest';
import { injectAs, login, sessionHeaders, testAppForFile } from '../../../test/build-app.ts';
import { userIdOf } from '../../../test/session-users.ts';
import { changePassword } from './passwords.ts';

const t = testAppForFile();

const EMAIL = 'viewer@demo.test';
const profileStatus = async (token: string) =>
  (await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' })).statusCode;
const userId = () => userIdOf(t.app.db, EMAIL);
/** The session's secret, which its cookie carries beside the request token a login answers. */
const secretOf = (token: string) => sessionHeaders(token).cookie!.split('=')[1]!;

describe('changePassword', () => {
  it('sets the new password and ends every other session, keeping the one named', async () => {
    const kept = await login(t.app, EMAIL);
    const other = await login(t.app, EMAIL);
    await changePassword(t.app.db, await userId(), 'a new long password 1', { keepSessionToken: secretOf(kept) });
    expect(await profileStatus(kept)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    await expect(login(t.app, EMAIL)).rejects.toThrow(/401/);
    expect(await login(t.app, EMAIL, 'a new long password 1')).toBeTruthy();
  });

  it('ends every session when none is kept', async () => {
    const token = await login(t.app, EMAIL, 'a new long password 1');
    await changePassword(t.app.db, await userId(), 'a new long password 2');
    expect(await profileStatus(token)).toBe(401);
  });
});
