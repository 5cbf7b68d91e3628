import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, injectAs, login, testAppForFile } from '../../test/build-app.ts';
import { BUSY_MESSAGE } from '../lib/errors.ts';

/*
 * Every connection of the pool in use for as long as a call may wait for one: the database is
 * there and busy, which the call says (503, Retry-After 1), not that the database is gone.
 */

const t = testAppForFile({ databaseConnectTimeoutMs: 300 });

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('every database connection in use', () => {
  it('answers that the service is busy, with a short Retry-After, and the next call once one is free', async () => {
    const token = await login(t.app, 'primary@demo.test');
    const list = () => injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.shipments) });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inUse = 0;
    const held = Array.from({ length: 10 }, () =>
      t.app.db.connection().execute(async () => {
        inUse += 1;
        await released;
      }),
    );
    while (inUse < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    const busy = await list();
    release();
    await Promise.all(held);
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({ message: BUSY_MESSAGE });
    expect((await list()).statusCode).toBe(200);
  });
});
