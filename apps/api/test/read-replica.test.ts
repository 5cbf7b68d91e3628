import { Writable } from 'node:stream';
import pg from '../src/db/pg-driver.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { SubusersResponse } from '@clearport/contract/subusers';
import { apiUrl, buildTestApp, injectAs, login, type TestApp } from './build-app.ts';
import { companyIdOf } from './session-users.ts';
import { replicaSkipReason, startStreamingReplica, waitUntil, type StreamingReplica } from './streaming-replica.ts';

/*
 * The lists read from a streaming replica (decision 0040): a change made on the primary while the
 * replica's replay is paused is not in another session's list, the session that made a change
 * sees it on its next page, and the lists answer from the primary while the replica is down.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const skipReason = replicaSkipReason(serverUrl);
if (skipReason) console.info(`read replica tests skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('with a read replica', () => {
  let replica: StreamingReplica | undefined;
  let t: TestApp | undefined;
  /** A second process of the portal on the same databases, as behind a balancer. */
  let other: TestApp | undefined;
  let primary: pg.Client;
  let writer: string;
  let reader: string;
  const warnings: string[] = [];

  const app = () => t!.app;
  const usersNamed = async (token: string, search: string, on = app()) => {
    const response = await injectAs(on, token, { method: 'GET', url: apiUrl(API_PATHS.subusers, {}, { search }) });
    expect(response.statusCode, response.body).toBe(200);
    return SubusersResponse.parse(response.json()).company.subusers.map((user) => user.name);
  };
  const shipmentsPage = async (token: string) => {
    const response = await injectAs(app(), token, { method: 'GET', url: apiUrl(API_PATHS.shipments) });
    expect(response.statusCode, response.body).toBe(200);
    return ShipmentsListResponse.parse(response.json()).data;
  };
  /** Renames the viewer directly on the primary, past the API: no session's change. */
  const renameViewerDirectly = async (name: string) => {
    await primary.query(`UPDATE users SET name = $1 WHERE email = 'viewer@demo.test'`, [name]);
  };

  beforeAll(async () => {
    const template = inject('seededTemplate').databaseName;
    if (!template) throw new Error('the run seeded no template database on TEST_DATABASE_URL');
    replica = await startStreamingReplica(serverUrl!, template);
    console.info(`read replica tests stream from ${replica.primaryKind}`);
    primary = new pg.Client({ connectionString: replica.primaryUrl });
    await primary.connect();
    const databases = {
      databaseUrl: replica.primaryUrl,
      databaseReplicaUrl: replica.replicaUrl,
      inMemoryDatabase: false,
    };
    other = await buildTestApp(databases);
    t = await buildTestApp({
      ...databases,
      logLevel: 'warn',
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          warnings.push(chunk.toString());
          done();
        },
      }),
    });
    writer = await login(app(), 'primary@demo.test');
    reader = await login(app(), 'manager@demo.test');
    await replica.caughtUp();
  });
  afterAll(async () => {
    await t?.close();
    await other?.close();
    await primary?.end();
    await replica?.close();
  });

  it('reads another session’s lists from the replica, and a session’s own change from the primary until replayed', async () => {
    const replicated = replica!;
    const [first] = await shipmentsPage(reader);
    expect(first).toBeDefined();
    await replicated.pauseReplay();
    try {
      await renameViewerDirectly('Renamed While Paused');
      await primary.query(`UPDATE shipments SET customer_reference_no = 'REF-WHILE-PAUSED' WHERE id = $1`, [first!.id]);
      // The replica has not replayed either change: a session that made none reads it.
      expect(await usersNamed(reader, 'Renamed While Paused')).toEqual([]);
      expect((await shipmentsPage(reader)).find((row) => row.id === first!.id)?.customer_reference_no).toBe(
        first!.customer_reference_no,
      );

      const created = await injectAs(app(), writer, {
        method: 'POST',
        url: apiUrl(API_PATHS.subusers),
        payload: {
          name: 'Written Through The Api',
          email: `replica-${Date.now()}@demo.test`,
          password: 'secret-pass-1',
          role: 11,
          linkedAccounts: ['40001'],
          company_id: await companyIdOf(app().db, 'Demo Imports LLC'),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      // The writer's next page shows its change although the replica still lags behind it, on
      // whichever process serves it.
      expect(await usersNamed(writer, 'Written Through The Api')).toEqual(['Written Through The Api']);
      expect(await usersNamed(writer, 'Written Through The Api', other!.app)).toEqual(['Written Through The Api']);
      expect(await usersNamed(reader, 'Written Through The Api')).toEqual([]);
    } finally {
      await replicated.resumeReplay();
    }
    await waitUntil(async () => (await usersNamed(reader, 'Written Through The Api')).length === 1);
    expect(await usersNamed(reader, 'Renamed While Paused')).toEqual(['Renamed While Paused']);
    expect((await shipmentsPage(reader)).find((row) => row.id === first!.id)?.customer_reference_no).toBe(
      'REF-WHILE-PAUSED',
    );
  });

  it('answers the lists from the primary while the replica is down, and reads the replica again once it is back', async () => {
    const replicated = replica!;
    await replicated.stop();
    warnings.length = 0;
    await renameViewerDirectly('Renamed While Down');
    for (let call = 0; call < 10; call += 1) {
      expect(await usersNamed(reader, 'Renamed While Down')).toEqual(['Renamed While Down']);
      expect((await shipmentsPage(reader)).length).toBeGreaterThan(0);
    }
    const unavailable = warnings.filter((line) => line.includes('read replica unavailable'));
    expect(unavailable.length).toBeGreaterThan(0);
    // The back-off skips the replica between attempts: not every call waits for it.
    expect(unavailable.length).toBeLessThan(20);

    await replicated.start();
    await replicated.caughtUp();
    await replicated.pauseReplay();
    try {
      await renameViewerDirectly('Renamed After Restart');
      // Once the back-off has passed, the list reads the replica again, which has not replayed the rename.
      await waitUntil(async () => (await usersNamed(reader, 'Renamed After Restart')).length === 0, 60_000);
    } finally {
      await replicated.resumeReplay();
    }
    await waitUntil(async () => (await usersNamed(reader, 'Renamed After Restart')).length === 1);
  });
});
