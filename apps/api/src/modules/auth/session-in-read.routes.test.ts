import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { API_PATHS } from '@clearport/contract/paths';
import { ROLES } from '@clearport/contract/roles';
import { SESSION_ERRORS } from '@clearport/contract/sessions';
import { HomeShipmentsResponse, ShipmentsListResponse } from '@clearport/contract/shipments';
import { apiUrl, DEMO_USERS, exactJson, injectAs, login, testAppForFile } from '../../../test/build-app.ts';
import { sessionsRepository } from './sessions.repository.ts';

/*
 * The shipments list checks its session in its own statement (decision 0045): its first call
 * checks the session before the read, as every call does; later calls read as the user that
 * check found and check the session in the same statement. Each test changes the session or
 * its user behind the process's back, as another process or the broker would.
 */
const t = testAppForFile();
const IDLE_MINUTES = 30;

const listUrl = (query: Record<string, string> = {}) => apiUrl(API_PATHS.shipments, {}, query);
const get = (token: string, query: Record<string, string> = {}) =>
  injectAs(t.app, token, { method: 'GET', url: listUrl(query) });

/** A new session of `email` that has made one list call: the process holds its user. */
async function sessionWithOneCall(email: string): Promise<{ token: string; sessionId: number }> {
  const token = await login(t.app, email);
  exactJson(ShipmentsListResponse, await get(token));
  const { id } = await t.app.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('users.email', '=', email)
    .orderBy('sessions.id', 'desc')
    .executeTakeFirstOrThrow();
  return { token, sessionId: id };
}

function expectEnded(reply: { statusCode: number; json(): unknown }) {
  expect(reply.statusCode).toBe(401);
  expect(reply.json()).toEqual({ message: SESSION_ERRORS.ended });
}

describe('a list that checks its session in its own statement', () => {
  it('answers 401 to the list and Home of a session ended since its last call', async () => {
    const { token, sessionId } = await sessionWithOneCall(DEMO_USERS.viewer);
    await t.app.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    expectEnded(await get(token));
    expectEnded(await get(token, { source: 'home' }));
  });

  it('answers 401 once the user is no longer active, and once the session has idled past its limit', async () => {
    const user = await sessionWithOneCall(DEMO_USERS.manager);
    await t.app.db.updateTable('users').set({ active: false }).where('email', '=', DEMO_USERS.manager).execute();
    try {
      expectEnded(await get(user.token));
    } finally {
      await t.app.db.updateTable('users').set({ active: true }).where('email', '=', DEMO_USERS.manager).execute();
    }

    const idle = await sessionWithOneCall(DEMO_USERS.viewer);
    await t.app.db
      .updateTable('sessions')
      .set({ last_used_at: sql<Date>`now() - make_interval(mins => ${IDLE_MINUTES + 1})` })
      .where('id', '=', idle.sessionId)
      .execute();
    expectEnded(await get(idle.token, { source: 'home' }));
  });

  it('reads as the user the check finds when their role changed since the last call', async () => {
    const primary = await login(t.app, DEMO_USERS.primary);
    const everyAccount = exactJson(ShipmentsListResponse, await get(primary)).pagination.total;
    const { token } = await sessionWithOneCall(DEMO_USERS.user);
    const ownAccounts = exactJson(ShipmentsListResponse, await get(token)).pagination.total;
    expect(ownAccounts).toBeLessThan(everyAccount);

    await t.app.db.updateTable('users').set({ role: ROLES.primary }).where('email', '=', DEMO_USERS.user).execute();
    try {
      expect(exactJson(ShipmentsListResponse, await get(token)).pagination.total).toBe(everyAccount);
      expect(exactJson(HomeShipmentsResponse, await get(token, { source: 'home' })).data.length).toBeGreaterThan(0);
    } finally {
      await t.app.db.updateTable('users').set({ role: ROLES.user }).where('email', '=', DEMO_USERS.user).execute();
    }
    // And back: the guess is the primary now, the check finds a user of their own accounts again.
    expect(exactJson(ShipmentsListResponse, await get(token)).pagination.total).toBe(ownAccounts);
  });

  it('notes the session’s use when the last note is a minute old, and not within the minute', async () => {
    const { token, sessionId } = await sessionWithOneCall(DEMO_USERS.viewer);
    const lastUsed = async () =>
      (
        await t.app.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('id', '=', sessionId)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    await t.app.db
      .updateTable('sessions')
      .set({ last_used_at: sql<Date>`now() - interval '5 minutes'` })
      .where('id', '=', sessionId)
      .execute();
    const before = await lastUsed();
    exactJson(ShipmentsListResponse, await get(token));
    const noted = await lastUsed();
    expect(noted.getTime() - before.getTime()).toBeGreaterThan(4 * 60_000);
    exactJson(ShipmentsListResponse, await get(token));
    expect(await lastUsed()).toEqual(noted);
  });

  it('answers a refused query 400 while the session lives and 401 once it has ended', async () => {
    const { token, sessionId } = await sessionWithOneCall(DEMO_USERS.viewer);
    const refused = await get(token, { sort: 'no_such_field' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'sort' });
    await t.app.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    expectEnded(await get(token, { sort: 'no_such_field' }));
  });

  it('answers the same whether the session is checked before the read or within it', async () => {
    const checksBefore = vi.spyOn(sessionsRepository, 'findSession');
    try {
      const queries: Array<Record<string, string>> = [
        {},
        { source: 'home' },
        { sort: 'est_time_arrive', direction: 'asc' },
        { search: 'MSCU' },
      ];
      for (const query of queries) {
        const token = await login(t.app, DEMO_USERS.primary);
        checksBefore.mockClear();
        const checkedBefore = await get(token, query);
        expect(checksBefore).toHaveBeenCalledTimes(1);
        const checkedWithin = await get(token, query);
        expect(checksBefore).toHaveBeenCalledTimes(1);
        expect(checkedBefore.statusCode).toBe(200);
        expect(checkedWithin.body).toBe(checkedBefore.body);
      }
    } finally {
      checksBefore.mockRestore();
    }
  });
});
