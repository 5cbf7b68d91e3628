import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { BROKER_ADMIN_PATHS } from '@clearport/contract/broker-admin';
import { NOTIFICATION_LISTS } from '@clearport/contract/settings';
import { BROKER_API_BASE } from '@clearport/contract/ingestion';
import type { SecurityEventKind } from '@clearport/contract/security-events';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { newBrokerKey, RECORDS_URL } from '../../../test/broker-api.ts';
import { apiUrl, injectAs, login, loginDemoUsers, testAppForFile } from '../../../test/build-app.ts';
import { companyIdOf, userIdOf } from '../../../test/session-users.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';
import type { ActionLog } from '../../lib/action.ts';
import { recordSecurityEvent } from './security-events.ts';

const t = testAppForFile();
let tokens: Awaited<ReturnType<typeof loginDemoUsers>>;
let demoCompanyId: number;
beforeAll(async () => {
  tokens = await loginDemoUsers(t.app);
  demoCompanyId = await companyIdOf(t.app.db, 'Demo Imports LLC');
});

/** The newest event's id: what an action writes after it is above it. */
const lastId = async () =>
  (
    await t.app.db
      .selectFrom('security_events')
      .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
      .executeTakeFirstOrThrow()
  ).id;

/** The events `act` writes, in order. */
async function eventsOf(act: () => Promise<unknown>) {
  const before = await lastId();
  await act();
  return t.app.db.selectFrom('security_events').selectAll().where('id', '>', before).orderBy('id').execute();
}

const loginAttempt = (userName: string, password: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(API_PATHS.login),
    payload: { userName, password },
    remoteAddress,
    headers: { 'user-agent': 'Test Browser/1.0' },
  });

const kindsOf = (events: Array<{ kind: SecurityEventKind; outcome: string }>) =>
  events.map(({ kind, outcome }) => `${kind}:${outcome}`);

describe('sign-in and sign-out events', () => {
  it('a login writes one sign_in success: who, from where, when', async () => {
    const events = await eventsOf(async () =>
      expect((await loginAttempt('User@Demo.test', DEMO_PASSWORD)).statusCode).toBe(200),
    );
    expect(kindsOf(events)).toEqual(['sign_in:success']);
    const [event] = events;
    expect(event).toMatchObject({
      actor: 'user',
      company_id: demoCompanyId,
      user_id: await userIdOf(t.app.db, 'user@demo.test'),
      email: 'user@demo.test',
      ip: '198.51.100.7',
      user_agent: 'Test Browser/1.0',
      detail: {},
    });
    expect(Math.abs(event!.occurred_at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('a wrong password writes one failure, naming the user but never the password typed', async () => {
    const events = await eventsOf(async () =>
      expect((await loginAttempt('manager@demo.test', 'not-the-password-42', '198.51.100.8')).statusCode).toBe(401),
    );
    expect(kindsOf(events)).toEqual(['sign_in:failure']);
    expect(events[0]).toMatchObject({
      email: 'manager@demo.test',
      company_id: demoCompanyId,
      detail: { reason: 'wrong_password' },
    });
    expect(JSON.stringify(events)).not.toContain('not-the-password-42');
  });

  it('an unknown user name writes one failure with the name typed and no company', async () => {
    const events = await eventsOf(() => loginAttempt('nobody@nowhere.test', 'whatever-1', '198.51.100.9'));
    expect(kindsOf(events)).toEqual(['sign_in:failure']);
    expect(events[0]).toMatchObject({
      email: 'nobody@nowhere.test',
      company_id: null,
      user_id: null,
      detail: { reason: 'unknown_user' },
    });
  });

  it('a throttled attempt writes one throttled event', async () => {
    const address = '198.51.100.10';
    let status = 401;
    let events: Awaited<ReturnType<typeof eventsOf>> = [];
    // Wrong passwords until the throttle answers; each one before it was a failure.
    for (let attempt = 0; attempt < 10 && status === 401; attempt += 1) {
      events = await eventsOf(async () => {
        status = (await loginAttempt('viewer@demo.test', `wrong-${attempt}`, address)).statusCode;
      });
      if (status === 401) expect(kindsOf(events)).toEqual(['sign_in:failure']);
    }
    expect(status).toBe(429);
    expect(kindsOf(events)).toEqual(['sign_in:throttled']);
    expect(events[0]).toMatchObject({ email: 'viewer@demo.test', ip: address });
  });

  it('a logout writes one sign_out', async () => {
    const token = await login(t.app, 'user@demo.test');
    const events = await eventsOf(async () =>
      expect((await injectAs(t.app, token, { method: 'POST', url: apiUrl(API_PATHS.logout) })).statusCode).toBe(200),
    );
    expect(kindsOf(events)).toEqual(['sign_out:success']);
    expect(events[0]).toMatchObject({ email: 'user@demo.test', company_id: demoCompanyId });
  });
});

describe('sign-in links and ended sessions', () => {
  it('a link used writes one link_sign_in success, a spent one one failure', async () => {
    const admin = (await newBrokerKey(t.app.db, 'Console', ['admin'])).key;
    const made = await injectAs(t.app, admin, {
      method: 'POST',
      url: `${BROKER_API_BASE}${BROKER_ADMIN_PATHS.signInLinks}`,
      payload: { email: 'manager@demo.test' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { token } = made.json<{ token: string }>();
    const exchange = () =>
      t.app.inject({ method: 'POST', url: apiUrl(API_PATHS.exchangeSignInLink), payload: { token } });
    const used = await eventsOf(async () => expect((await exchange()).statusCode).toBe(200));
    expect(kindsOf(used)).toEqual(['link_sign_in:success']);
    expect(used[0]).toMatchObject({ company_id: demoCompanyId, email: 'manager@demo.test' });
    const spent = await eventsOf(async () => expect((await exchange()).statusCode).toBe(401));
    expect(kindsOf(spent)).toEqual(['link_sign_in:failure']);
    expect(JSON.stringify(spent)).not.toContain(token);
  });

  it('ending one’s other sign-ins writes one sessions_ended; an administrator’s, one session_ended_by_admin', async () => {
    const desk = await login(t.app, 'user@demo.test');
    await login(t.app, 'user@demo.test');
    const own = await eventsOf(async () =>
      expect(
        (await injectAs(t.app, desk, { method: 'POST', url: apiUrl(API_PATHS.endOtherSessions) })).statusCode,
      ).toBe(200),
    );
    expect(kindsOf(own)).toEqual(['sessions_ended:success']);
    expect(own[0]).toMatchObject({ email: 'user@demo.test', detail: { scope: 'others' } });

    const userId = await userIdOf(t.app.db, 'user@demo.test');
    const byAdmin = await eventsOf(async () =>
      expect(
        (
          await injectAs(t.app, tokens.primary, {
            method: 'POST',
            url: apiUrl(API_PATHS.endSubuserSessions, { id: userId }),
          })
        ).statusCode,
      ).toBe(200),
    );
    expect(kindsOf(byAdmin)).toEqual(['session_ended_by_admin:success']);
    expect(byAdmin[0]).toMatchObject({
      user_id: userId,
      detail: { by_user_id: await userIdOf(t.app.db, 'primary@demo.test') },
    });
  });
});

describe('authorization_refused', () => {
  it('a 403 writes one refusal naming the route', async () => {
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select('shipments.id')
      .where('accounts.company_id', '=', demoCompanyId)
      .executeTakeFirstOrThrow();
    const events = await eventsOf(async () => {
      const response = await injectAs(t.app, tokens.viewer, {
        method: 'POST',
        url: apiUrl(API_PATHS.addNote, { id: shipment.id }),
        payload: { comment: 'hello' },
      });
      expect(response.statusCode).toBe(403);
    });
    expect(kindsOf(events)).toEqual(['authorization_refused:refused']);
    expect(events[0]).toMatchObject({
      email: 'viewer@demo.test',
      detail: { method: 'POST', route: '/api/user/shipments/:id/add_comment', status: 403 },
    });
  });

  it('another company’s shipment, invoice and user each answer 404 and write one refusal, the brokerage’s alone', async () => {
    const otherCompanyId = await companyIdOf(t.app.db, 'Other Trading Co');
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select('shipments.id')
      .where('accounts.company_id', '=', otherCompanyId)
      .executeTakeFirstOrThrow();
    const invoice = await t.app.db
      .selectFrom('invoices')
      .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
      .select('invoices.id')
      .where('accounts.company_id', '=', otherCompanyId)
      .executeTakeFirstOrThrow();
    const otherUser = await userIdOf(t.app.db, 'primary@other.test');
    for (const [url, record, id] of [
      [apiUrl(API_PATHS.shipmentDetail, { id: shipment.id }), 'shipment', shipment.id],
      [apiUrl(API_PATHS.invoice, { id: invoice.id }), 'invoice', invoice.id],
      [apiUrl(API_PATHS.subuser, { id: otherUser }), 'user', otherUser],
    ] as const) {
      const events = await eventsOf(async () =>
        expect((await injectAs(t.app, tokens.primary, { method: 'GET', url })).statusCode, url).toBe(404),
      );
      expect(kindsOf(events), url).toEqual(['authorization_refused:refused']);
      expect(events[0]!.detail, url).toMatchObject({ status: 404, record, record_id: id });
      // Under no company: the company's screen shows nothing that tells it from a missing record.
      expect(events[0]!.company_id).toBeNull();
      expect(events[0]!.user_id).toBe(await userIdOf(t.app.db, 'primary@demo.test'));
    }
  });

  it('a shipment of the company on an account the user is not linked to writes the refusal under the company', async () => {
    const unlinked = await shipmentIdOf(t.app.db, '40002');
    const url = apiUrl(API_PATHS.shipmentDetail, { id: unlinked });
    const token = await login(t.app, 'user@demo.test');
    const events = await eventsOf(async () =>
      expect((await injectAs(t.app, token, { method: 'GET', url })).statusCode).toBe(404),
    );
    expect(kindsOf(events)).toEqual(['authorization_refused:refused']);
    expect(events[0]).toMatchObject({ company_id: demoCompanyId, email: 'user@demo.test' });
    expect(events[0]!.detail).toMatchObject({ status: 404, record: 'shipment', record_id: unlinked });
  });

  it('a record that does not exist answers 404 and writes nothing', async () => {
    const events = await eventsOf(async () =>
      expect(
        (
          await injectAs(t.app, tokens.primary, {
            method: 'GET',
            url: apiUrl(API_PATHS.shipmentDetail, { id: 2_000_000_000 }),
          })
        ).statusCode,
      ).toBe(404),
    );
    expect(events).toEqual([]);
  });
});

describe('broker_key_used', () => {
  it('writes a key’s first accepted call of the hour, not the next ones', async () => {
    const { id, key } = await newBrokerKey(t.app.db, 'Hourly key');
    const send = () => injectAs(t.app, key, { method: 'POST', url: RECORDS_URL, payload: { records: [] } });
    const first = await eventsOf(send);
    expect(kindsOf(first)).toEqual(['broker_key_used:success']);
    expect(first[0]).toMatchObject({
      actor: 'broker_key',
      company_id: null,
      user_id: null,
      detail: { key_id: id, key_name: 'Hourly key' },
    });
    expect(JSON.stringify(first)).not.toContain(key);
    expect(await eventsOf(send)).toEqual([]);
    // The hour is over, as far as the key's row can tell (it is the row every server process reads):
    // of calls at once, one alone writes the next event.
    await t.app.db
      .updateTable('broker_api_keys')
      .set({ use_event_at: sql<Date>`now() - interval '61 minutes'` })
      .where('id', '=', id)
      .execute();
    const nextHour = await eventsOf(async () => {
      await Promise.all([send(), send(), send(), send()]);
    });
    expect(kindsOf(nextHour)).toEqual(['broker_key_used:success']);
  });

  it('writes every refused key, and why', async () => {
    const { id, key } = await newBrokerKey(t.app.db, 'Refused key');
    const send = (as?: string) =>
      t.app.inject({
        method: 'POST',
        url: RECORDS_URL,
        payload: { records: [] },
        headers: as ? { authorization: `Bearer ${as}` } : {},
      });
    const admin = () => injectAs(t.app, key, { method: 'GET', url: `${BROKER_API_BASE}${BROKER_ADMIN_PATHS.apiKeys}` });
    const outOfScope = await eventsOf(async () => expect((await admin()).statusCode).toBe(403));
    expect(outOfScope.map((event) => [event.outcome, event.detail])).toEqual([
      ['refused', expect.objectContaining({ reason: 'scope', scope: 'admin', key_id: id })],
    ]);
    expect((await eventsOf(() => send())).map((event) => event.detail.reason)).toEqual(['missing']);
    expect((await eventsOf(() => send('cpk_not-a-key'))).map((event) => event.detail.reason)).toEqual(['unknown']);
    await t.app.db.updateTable('broker_api_keys').set({ revoked_at: new Date() }).where('id', '=', id).execute();
    const revoked = await eventsOf(async () => expect((await send(key)).statusCode).toBe(401));
    expect(revoked.map((event) => [event.outcome, event.detail.reason, event.detail.key_id])).toEqual([
      ['failure', 'revoked', id],
    ]);
  });
});

/** A Settings save of the user of `token`: their notification lists as they are, and `changes`. */
async function saveSettingsAs(token: string, changes: object) {
  const lists = (await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.settings) })).json<{
    user: Record<string, unknown>;
  }>().user;
  return injectAs(t.app, token, {
    method: 'POST',
    url: apiUrl(API_PATHS.saveSettings),
    payload: {
      user_emails: NOTIFICATION_LISTS.map((list) => ({
        table_number: list.table_number,
        ...(lists[list.key] as object),
      })),
      ...changes,
    },
  });
}

describe('password_changed and email_changed', () => {
  it('Settings writes one of each, for the user', async () => {
    const token = await login(t.app, 'manager@demo.test');
    const events = await eventsOf(async () => {
      const response = await saveSettingsAs(token, {
        email: 'manager2@demo.test',
        password: 'steady-keel-31',
        current_password: DEMO_PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(kindsOf(events)).toEqual(['password_changed:success', 'email_changed:success']);
    expect(events.map((event) => event.detail)).toEqual([
      { via: 'settings' },
      { via: 'settings', previous_email: 'manager@demo.test' },
    ]);
    expect(JSON.stringify(events)).not.toContain('steady-keel-31');
  });

  it('a wrong current password, in Settings or before a second factor, writes one current_password_failed', async () => {
    await t.app.db.deleteFrom('login_throttle').execute();
    const token = await login(t.app, 'user@demo.test');
    const events = await eventsOf(async () => {
      const settings = await saveSettingsAs(token, { password: 'steady-keel-32', current_password: 'not-my-password' });
      expect(settings.statusCode, settings.body).toBe(400);
      expect(settings.json().field).toBe('current_password');
      const twoFactor = await injectAs(t.app, token, {
        method: 'POST',
        url: apiUrl(API_PATHS.startTwoFactor),
        payload: { current_password: 'still-not-it' },
      });
      expect(twoFactor.statusCode, twoFactor.body).toBe(400);
    });
    expect(kindsOf(events)).toEqual(['current_password_failed:failure', 'current_password_failed:failure']);
    expect(events.every((event) => event.user_id !== null && event.email === 'user@demo.test')).toBe(true);
    expect(JSON.stringify(events)).not.toMatch(/not-my-password|still-not-it/);
  });

  it('a wrong code while setting up a second factor writes one second_factor_failed', async () => {
    await t.app.db.deleteFrom('login_throttle').execute();
    const token = await login(t.app, 'user@demo.test');
    const started = await injectAs(t.app, token, {
      method: 'POST',
      url: apiUrl(API_PATHS.startTwoFactor),
      payload: { current_password: DEMO_PASSWORD },
    });
    expect(started.statusCode, started.body).toBe(200);
    const events = await eventsOf(async () => {
      const confirmed = await injectAs(t.app, token, {
        method: 'POST',
        url: apiUrl(API_PATHS.confirmTwoFactor),
        payload: { code: '12345x' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(400);
    });
    expect(kindsOf(events)).toEqual(['second_factor_failed:failure']);
    expect(events[0]!.detail).toEqual({ during: 'enrolment' });
    await t.app.db.deleteFrom('user_second_factors').execute();
  });

  it('the users screen writes one of each for the user changed, naming who changed it', async () => {
    const target = await userIdOf(t.app.db, 'user@demo.test');
    const events = await eventsOf(async () => {
      const response = await injectAs(t.app, tokens.primary, {
        method: 'PATCH',
        url: apiUrl(API_PATHS.subuser, { id: target }),
        payload: { password: 'gentle-tide-64', email: 'user2@demo.test' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(kindsOf(events)).toEqual(['password_changed:success', 'email_changed:success']);
    const primaryId = await userIdOf(t.app.db, 'primary@demo.test');
    expect(events.map((event) => [event.user_id, event.email, event.detail])).toEqual([
      [target, 'user2@demo.test', { via: 'admin', changed_by: primaryId }],
      [target, 'user2@demo.test', { via: 'admin', changed_by: primaryId, previous_email: 'user@demo.test' }],
    ]);
  });
});

describe('the log itself', () => {
  it('is append-only: an UPDATE, DELETE or TRUNCATE raises', async () => {
    await loginAttempt('primary@demo.test', DEMO_PASSWORD);
    await expect(t.app.db.updateTable('security_events').set({ outcome: 'failure' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.app.db.deleteFrom('security_events').execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE security_events`.execute(t.app.db)).rejects.toThrow(/append-only/);
    expect(Number(await lastId())).toBeGreaterThan(0);
  });

  it('writes the event as one JSON log line, and a row it cannot store is logged, not thrown', async () => {
    const lines: Array<{ level: string; detail: object }> = [];
    const log: ActionLog = {
      info: (detail) => lines.push({ level: 'info', detail }),
      warn: (detail) => lines.push({ level: 'warn', detail }),
      error: (detail) => lines.push({ level: 'error', detail }),
    };
    const event = { outcome: 'success', companyId: null, userId: null, email: null, origin: null } as const;
    await recordSecurityEvent({ db: t.app.db, log }, { ...event, kind: 'sessions_ended', actor: 'system' });
    expect(lines).toEqual([
      {
        level: 'info',
        detail: { security_event: expect.objectContaining({ kind: 'sessions_ended', actor: 'system' }) },
      },
    ]);
    // A kind the table's check refuses.
    await recordSecurityEvent({ db: t.app.db, log }, { ...event, kind: 'Not A Kind' as SecurityEventKind });
    expect(lines.at(-1)).toMatchObject({ level: 'error', detail: { security_event: { kind: 'Not A Kind' } } });
  });

  it('inside a transaction joins it: rolled back with it', async () => {
    const log: ActionLog = { info: () => {}, warn: () => {}, error: () => {} };
    const before = await lastId();
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await recordSecurityEvent(
          { db: trx, log },
          { kind: 'sessions_ended', outcome: 'success', companyId: null, userId: null, email: null, origin: null },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await lastId()).toBe(before);
  });
});
