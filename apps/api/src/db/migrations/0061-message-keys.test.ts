import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, testAppForFile } from '../../../test/build-app.ts';
import { userIdOf } from '../../../test/session-users.ts';
import { up } from './0061-message-keys.ts';

const t = testAppForFile();

describe('migration 0061', () => {
  it('gives the mail still to be sent its key, and leaves the Message-ID of mail sent as it went out', async () => {
    const userId = await userIdOf(t.app.db, DEMO_USERS.primary);
    const { company_id } = await t.app.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const old = (n: number) => `<00000000-0000-4000-8000-00000000000${n}@clearport>`;
    const states = ['gathering', 'retrying', 'failed', 'sent', 'skipped'] as const;
    const messages = await t.app.db
      .insertInto('mail_messages')
      .values(states.map((state, n) => ({ company_id, table_number: 0, kind: `kind-${n}`, state, message_id: old(n) })))
      .returning(['state', 'message_id'])
      .execute();
    const { id: subscription } = await t.app.db
      .insertInto('report_subscriptions')
      .values({ user_id: userId, report: 'kpis' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('report_mail')
      .values([
        { subscription_id: subscription, period: '2026-09', state: 'queued', message_id: old(5) },
        { subscription_id: subscription, period: '2026-10', state: 'sent', message_id: old(6) },
      ])
      .execute();
    expect(messages).toHaveLength(5);

    await up(t.app.db as unknown as Kysely<unknown>);

    const keys = await sql<{ state: string; message_id: string }>`
      SELECT state, message_id FROM mail_messages WHERE message_id LIKE '%00000000-0000-4000-8000%'
      UNION ALL
      SELECT 'report ' || state, message_id FROM report_mail WHERE subscription_id = ${subscription}
      ORDER BY message_id
    `.execute(t.app.db);
    const key = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    expect(keys.rows).toEqual([
      { state: 'gathering', message_id: key(0) },
      { state: 'retrying', message_id: key(1) },
      { state: 'failed', message_id: key(2) },
      { state: 'report queued', message_id: key(5) },
      { state: 'sent', message_id: old(3) },
      { state: 'skipped', message_id: old(4) },
      { state: 'report sent', message_id: old(6) },
    ]);
  });
});
