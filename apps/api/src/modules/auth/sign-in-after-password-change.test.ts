import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { hashPassword } from '../../lib/passwords.ts';
import { apiUrl, testAppForFile } from '../../../test/build-app.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';
import { userIdOf } from '../../../test/session-users.ts';

/*
 * A sign-in whose password was checked just before the password changed must not start a session
 * (or a second step) after the change has ended the user's sessions: the old password would stay
 * signed in. The other session does what storePasswordHash does, and commits while the sign-in waits.
 */

const t = testAppForFile();

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('a sign-in as the password changes', () => {
  const other = otherSessionOf(t);

  async function loginWhileThePasswordChanges(email: string) {
    const userId = await userIdOf(t.app.db, email);
    const newHash = await hashPassword('A brand new passphrase 2026');
    const response = await whileHeld(
      other(),
      async () => {
        await other().query('UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2', [newHash, userId]);
        await other().query('DELETE FROM sessions WHERE user_id = $1', [userId]);
        await other().query('DELETE FROM login_challenges WHERE user_id = $1', [userId]);
      },
      () =>
        t.app.inject({
          method: 'POST',
          url: apiUrl(API_PATHS.login),
          payload: { userName: email, password: DEMO_PASSWORD },
        }),
    );
    const sessions = await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    const challenges = await t.app.db
      .selectFrom('login_challenges')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    const events = await t.app.db
      .selectFrom('security_events')
      .select(['outcome', 'detail'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'sign_in')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    return { response, sessions, challenges, event: events[0] };
  }

  it('starts no session with the old password', async () => {
    const { response, sessions, event } = await loginWhileThePasswordChanges('user@demo.test');
    expect(response.statusCode).toBe(401);
    expect(sessions).toEqual([]);
    expect(event).toMatchObject({ outcome: 'failure', detail: { reason: 'password_changed' } });
  });

  it('issues no second step to the old password', async () => {
    await t.app.db
      .updateTable('companies')
      .set({ require_two_factor: true })
      .where('broker_id', '=', 'C-10077')
      .execute();
    const { response, challenges } = await loginWhileThePasswordChanges('primary@other.test');
    expect(response.statusCode).toBe(401);
    expect(challenges).toEqual([]);
  });
});
