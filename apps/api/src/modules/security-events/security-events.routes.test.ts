import { CALENDAR_DATE_MESSAGE } from '@clearport/contract/calendar';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { SecurityEventsResponse, SecurityEventUsersResponse } from '@clearport/contract/security-events';
import { securityEventsRepository } from './security-events.repository.ts';
import { apiUrl, demoUsersOf, exactJson, injectAs, testAppForFile } from '../../../test/build-app.ts';

/*
 * The Security events screen's calls on a real database: 130 events of Demo Imports whose times
 * tie in groups of three, read by keyset both ways against the plain SQL order; the filters;
 * Other Trading's events never shown; every other role refused; the CSV.
 */

const t = testAppForFile();
const { tokens, ids } = demoUsersOf(t);
let demoId: number;

beforeAll(async () => {
  const db = t.app.db;
  const companyOf = async (email: string) =>
    (await db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow()).company_id;
  demoId = await companyOf('primary@demo.test');
  const otherId = await companyOf('primary@other.test');
  await sql`
    INSERT INTO security_events (occurred_at, company_id, user_id, email, actor, ip, user_agent, kind, outcome, detail)
    SELECT timestamptz '2026-10-10 12:00:00+00' - make_interval(hours => (n / 3) * 5),
      ${demoId}::int,
      CASE WHEN n % 2 = 0 THEN ${ids.primary}::int ELSE ${ids.user}::int END,
      CASE WHEN n % 2 = 0 THEN 'primary@demo.test' ELSE 'user@demo.test' END,
      'user', '192.0.2.' || (n % 200), 'Keyset Agent/' || n,
      (ARRAY['sign_in', 'sign_out', 'password_changed'])[1 + n % 3],
      CASE WHEN n % 5 = 0 THEN 'failure' ELSE 'success' END,
      jsonb_build_object('reason', 'n' || n)
    FROM generate_series(1, 130) n`.execute(db);
  await sql`
    INSERT INTO security_events (occurred_at, company_id, user_id, email, actor, kind, outcome)
    SELECT timestamptz '2026-10-10 12:00:00+00' - make_interval(hours => n), ${otherId}::int, NULL,
      'intruder@other.test', 'user', 'sign_in', 'failure'
    FROM generate_series(1, 20) n`.execute(db);
});

type Query = Record<string, string | number>;

async function list(query: Query = {}, token = tokens.primary) {
  const response = await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.securityEvents, {}, query) });
  return exactJson(SecurityEventsResponse, response);
}

/** The company's events in the list's order, by plain SQL, under a condition. */
async function plainOrder(condition = sql`true`): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM security_events WHERE company_id = ${demoId}::int AND ${condition}
    ORDER BY security_events.occurred_at DESC, security_events.id DESC`.execute(t.app.db);
  return rows.map((row) => row.id);
}

describe('GET user/security-events', () => {
  it('steps through every page by keyset, both ways, in the plain SQL order (times tie)', async () => {
    const expected = await plainOrder();
    const forward: string[][] = [];
    let page = await list();
    forward.push(page.result.map((row) => row.id));
    while (page.pagination.cursors.after && forward.flat().length < expected.length) {
      page = await list({ after: page.pagination.cursors.after });
      forward.push(page.result.map((row) => row.id));
    }
    expect(forward.flat()).toEqual(expected);
    expect(forward[0]).toHaveLength(50);
    expect(page.pagination.total).toBe(expected.length);
    expect(page.pagination.last_page).toBe(Math.ceil(expected.length / 50));
    const backward: string[][] = [];
    for (let step = forward.length - 2; step >= 0; step -= 1) {
      page = await list({ before: page.pagination.cursors.before! });
      backward.unshift(page.result.map((row) => row.id));
    }
    expect(backward).toEqual(forward.slice(0, -1));
  });

  it('reads a page asked for by its number alone as the plain SQL order has it, from either end (times tie)', async () => {
    const expected = await plainOrder();
    const pages = Math.ceil(expected.length / 50);
    for (let number = 1; number <= pages; number += 1) {
      const page = await list({ page: number });
      expect(
        page.result.map((row) => row.id),
        `page ${number}`,
      ).toEqual(expected.slice((number - 1) * 50, number * 50));
      expect(page.pagination.current_page).toBe(number);
    }
    expect((await list({ page: pages + 1 })).result).toEqual([]);
    const mine = await plainOrder(sql`user_id = ${ids.primary}::int`);
    const second = await list({ page: 2, user_id: ids.primary });
    expect(second.result.map((row) => row.id)).toEqual(mine.slice(50, 100));
  });

  it('filters by user, kind and the company’s days, on the same order', async () => {
    const byUser = await list({ user_id: ids.user });
    expect(byUser.result.map((row) => row.id)).toEqual(
      (await plainOrder(sql`user_id = ${ids.user}::int`)).slice(0, 50),
    );
    const byKind = await list({ kind: 'sign_out' });
    expect(byKind.result.every((row) => row.kind === 'sign_out')).toBe(true);
    expect(byKind.pagination.total).toBe((await plainOrder(sql`kind = 'sign_out'`)).length);
    const company = await t.app.db
      .selectFrom('companies')
      .select('time_zone')
      .where('id', '=', demoId)
      .executeTakeFirstOrThrow();
    const days = await list({ from: '2026-10-05', to: '2026-10-06' });
    expect(days.result.map((row) => row.id)).toEqual(
      await plainOrder(sql`occurred_at >= timestamp '2026-10-05' AT TIME ZONE ${company.time_zone}
        AND occurred_at < timestamp '2026-10-07' AT TIME ZONE ${company.time_zone}`),
    );
    expect(days.result.length).toBeGreaterThan(0);
    expect((await list({ user_id: ids.other })).result).toEqual([]);
  });

  it('totals the whole company and each kind from the kept counts, which match the log as written', async () => {
    // One event a statement, and one of no company (an unknown address's sign-in), beside the bulk inserts above.
    await sql`INSERT INTO security_events (company_id, user_id, actor, kind, outcome)
      VALUES (${demoId}::int, ${ids.primary}::int, 'user', 'sign_out', 'success')`.execute(t.app.db);
    await sql`INSERT INTO security_events (company_id, email, actor, kind, outcome)
      VALUES (NULL, 'nobody@example.test', 'user', 'sign_in', 'failure')`.execute(t.app.db);
    const kept = await sql<{ company_id: number; kind: string; events: number }>`
      SELECT company_id, kind, events FROM security_event_counts ORDER BY company_id, kind`.execute(t.app.db);
    const counted = await sql<{ company_id: number; kind: string; events: number }>`
      SELECT company_id, kind, count(*) AS events FROM security_events WHERE company_id IS NOT NULL
      GROUP BY company_id, kind ORDER BY company_id, kind`.execute(t.app.db);
    expect(kept.rows).toEqual(counted.rows);
    expect((await list()).pagination.total).toBe((await plainOrder()).length);
    for (const kind of ['sign_in', 'sign_out', 'password_changed', 'recovery_code_used']) {
      expect((await list({ kind })).pagination.total, kind).toBe((await plainOrder(sql`kind = ${kind}`)).length);
    }
  });

  it('orders by the time and the id themselves, not their texts: microseconds apart, ids of more digits', async () => {
    // A day after the test runs, later than every event the suite writes, whatever the date.
    const second = sql`date_trunc('second', now()) + interval '1 day'`;
    await sql`INSERT INTO security_events (id, occurred_at, company_id, actor, kind, outcome) VALUES
      (999999, ${second} + interval '100 microseconds', ${demoId}::int, 'system', 'sign_in', 'success'),
      (1000000, ${second} + interval '100 microseconds', ${demoId}::int, 'system', 'sign_in', 'success'),
      (1000001, ${second} + interval '900 microseconds', ${demoId}::int, 'system', 'sign_in', 'success')`.execute(
      t.app.db,
    );
    const page = await list();
    expect(page.result.slice(0, 3).map((row) => row.id)).toEqual(['1000001', '1000000', '999999']);
    expect(page.result.map((row) => row.id)).toEqual((await plainOrder()).slice(0, 50));
    const next = await list({ after: page.pagination.cursors.after! });
    expect(next.result.map((row) => row.id)).toEqual((await plainOrder()).slice(50, 100));
  });

  it('never shows another company’s events', async () => {
    const all = await list();
    expect(all.result.some((row) => row.email === 'intruder@other.test')).toBe(false);
    const other = await list({}, tokens.other);
    expect(other.result.length).toBeGreaterThan(0);
    expect(other.result.every((row) => row.email !== 'user@demo.test' && row.email !== 'primary@demo.test')).toBe(true);
  });

  it('refuses roles 4, 5 and 11 with 403, and bad input with 400 naming the field', async () => {
    for (const who of ['manager', 'user', 'viewer'] as const) {
      for (const path of [API_PATHS.securityEvents, API_PATHS.securityEventsCsv, API_PATHS.securityEventUsers]) {
        const response = await injectAs(t.app, tokens[who], { method: 'GET', url: apiUrl(path) });
        expect(response.statusCode).toBe(403);
      }
    }
    for (const [field, value] of [
      ['kind', 'teleport'],
      ['user_id', 'x'],
      ['from', '2026-13-01'],
      ['after', '["nope", 1]'],
      ['before', 'not json'],
    ] as const) {
      const response = await injectAs(t.app, tokens.primary, {
        method: 'GET',
        url: apiUrl(API_PATHS.securityEvents, {}, { [field]: value }),
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ field?: string; message: string }>().field ?? response.body, field).toContain(field);
    }
    const noSuchDay = await injectAs(t.app, tokens.primary, {
      method: 'GET',
      url: apiUrl(API_PATHS.securityEvents, {}, { to: '2026-02-30' }),
    });
    expect(noSuchDay.json()).toMatchObject({ field: 'to', message: `to: ${CALENDAR_DATE_MESSAGE}` });
  });

  it('lists the company’s users for the filter', async () => {
    const response = await injectAs(t.app, tokens.primary, {
      method: 'GET',
      url: apiUrl(API_PATHS.securityEventUsers),
    });
    const { users } = exactJson(SecurityEventUsersResponse, response);
    expect(users.map((user) => user.email)).toContain('user@demo.test');
    expect(users.map((user) => user.email)).not.toContain('primary@other.test');
  });
});

describe('GET user/security-events/export.csv', () => {
  it('writes the header and the filtered events in the list’s order', async () => {
    const response = await injectAs(t.app, tokens.primary, {
      method: 'GET',
      url: apiUrl(API_PATHS.securityEventsCsv, {}, { kind: 'password_changed' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="security-events-/);
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('Time (UTC),User,Event,Outcome,Address,User Agent,Details');
    const expected = await plainOrder(sql`kind = 'password_changed'`);
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines.slice(1).every((line) => line.includes(',Password changed,'))).toBe(true);
    const newest = await t.app.db
      .selectFrom('security_events')
      .select(['email', 'ip', 'user_agent', 'outcome'])
      .where('id', '=', expected[0]!)
      .executeTakeFirstOrThrow();
    expect(lines[1]).toContain(`,${newest.email},Password changed,`);
    expect(lines[1]).toContain(`,${newest.ip},${newest.user_agent},reason: n`);
  });
});

describe('securityEventsRepository.each', () => {
  it('reads batch by batch by keyset, in the list’s order, and stops at its cap', async () => {
    const criteria = { companyId: demoId, timeZone: 'UTC' };
    const read = async (max: number, batch: number) => {
      const ids: string[] = [];
      for await (const row of securityEventsRepository.each(t.app.db, criteria, max, batch)) ids.push(row.id);
      return ids;
    };
    const expected = await plainOrder();
    expect(await read(10, 3)).toEqual(expected.slice(0, 10));
    expect(await read(expected.length + 5, 7)).toEqual(expected);
  });
});

describe('securityEventsRepository.count over days', () => {
  it('keeps a count per company, UTC day and kind that matches the log as written', async () => {
    await sql`INSERT INTO security_events (occurred_at, company_id, actor, kind, outcome) VALUES
      (timestamptz '2026-10-03 23:59:59.999999+00', ${demoId}::int, 'system', 'sign_in', 'success'),
      (timestamptz '2026-10-04 00:00:00+00', ${demoId}::int, 'system', 'sign_in', 'success'),
      (timestamptz '2026-10-04 00:00:00+00', NULL, 'system', 'sign_in', 'success')`.execute(t.app.db);
    const kept = await sql`
      SELECT company_id, day::text AS day, kind, events::int AS events FROM security_event_day_counts
      ORDER BY company_id, day, kind`.execute(t.app.db);
    const counted = await sql`
      SELECT company_id, ((occurred_at AT TIME ZONE 'UTC')::date)::text AS day, kind, count(*)::int AS events
      FROM security_events WHERE company_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(t.app.db);
    expect(kept.rows).toEqual(counted.rows);
  });

  it('counts a range of the company’s days as count(*) does, in zones whose days begin off UTC midnight', async () => {
    await sql`INSERT INTO security_events (occurred_at, company_id, actor, kind, outcome)
      SELECT timestamptz '2026-10-01 00:00:00+00' + make_interval(mins => n * 97), ${demoId}::int, 'system',
        (ARRAY['sign_in', 'sign_out'])[1 + n % 2], 'success'
      FROM generate_series(0, 200) n`.execute(t.app.db);
    const plainCount = async (zone: string, from?: string, to?: string, kind?: string) => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*)::text AS n FROM security_events WHERE company_id = ${demoId}::int
          AND (${kind ?? null}::text IS NULL OR kind = ${kind ?? null})
          AND (${from ?? null}::date IS NULL OR occurred_at >= (${from ?? null}::date)::timestamp AT TIME ZONE ${zone})
          AND (${to ?? null}::date IS NULL OR occurred_at < (${to ?? null}::date + 1)::timestamp AT TIME ZONE ${zone})`.execute(
        t.app.db,
      );
      return Number(rows[0]!.n);
    };
    const ranges: Array<[string | undefined, string | undefined]> = [
      ['2026-10-02', '2026-10-06'],
      ['2026-10-04', '2026-10-04'],
      ['2026-10-03', '2026-10-04'],
      ['2026-10-05', undefined],
      [undefined, '2026-10-03'],
      ['2026-10-09', '2026-10-02'],
      ['2026-09-01', '2026-12-31'],
    ];
    let seen = 0;
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kathmandu', 'Pacific/Kiritimati']) {
      for (const [from, to] of ranges) {
        for (const kind of [undefined, 'sign_in'] as const) {
          const counted = await securityEventsRepository.count(t.app.db, {
            companyId: demoId,
            timeZone: zone,
            from,
            to,
            kind,
          });
          expect(counted, `${zone} ${from}..${to} ${kind}`).toBe(await plainCount(zone, from, to, kind));
          seen += counted;
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
