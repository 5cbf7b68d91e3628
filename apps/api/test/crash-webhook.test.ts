import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { BROKER_API_BASE } from '@clearport/contract/ingestion';
import { WEBHOOK_PATHS, type WebhookDeliveriesResponse } from '@clearport/contract/webhooks';
import { connectDatabase } from '../src/db/connect.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { newBrokerKey } from './broker-api.ts';
import { copySeededDemo } from './seeded-template.ts';
import { freePort, startServerProcess } from './server-process.ts';
import { bundled } from './source-bundle.ts';
import { shipmentIdOf } from './shipment-fixtures.ts';
import { startReceiver } from './webhook-receiver.ts';

/**
 * The server killed with SIGKILL while a receiver holds its webhook open: the delivery's lease
 * runs out and the next server sends it again, with the same webhook-id, and records it delivered
 * once. On the embedded database the next server opens the dead one's folder; on PostgreSQL the
 * second process takes over the first one's claim.
 */

const servers: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
/**
 * The attempt's timeout and the lease's margin: the next server takes the delivery over once their sum
 * has passed since the first attempt's claim.
 */
const TIMEOUT_MS = 5_000;
const LEASE_MARGIN_MS = 2_000;

afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  for (const end = Date.now() + ms; !(await condition());) {
    if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a crash while a webhook is under way', () => {
  it('sends it again after the restart with the same webhook-id, and records it delivered once', async () => {
    const copy = await copySeededDemo(
      inject('seededTemplate'),
      'clearport-crash-webhook-',
      process.env.TEST_DATABASE_URL,
    );
    cleanups.push(copy.remove);
    const { dataDir, databaseUrl } = copy;
    // The key is made before the server holds the embedded database.
    const db = await connectDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
    const admin = (await newBrokerKey(db, 'Console', ['admin'])).key;
    const shipment = await shipmentIdOf(db, '40001');
    await db.destroy();

    // The first request is held open until the server dies; the next ones are taken.
    const receiver = await startReceiver((_, index) => (index === 0 ? new Promise<number>(() => {}) : 200));
    cleanups.push(receiver.close);
    const output: string[] = [];
    const start = async () => {
      const port = await freePort();
      const child = await startServerProcess({
        args: bundled('server'),
        env: {
          DATABASE_URL: databaseUrl ?? '',
          PORT: String(port),
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          MAIL_WORKER: 'false',
          LOG_LEVEL: 'info',
          WEBHOOK_POLL_MS: '200',
          WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
          WEBHOOK_LEASE_MARGIN_MS: String(LEASE_MARGIN_MS),
        },
        output,
      });
      servers.push(child);
      return { child, base: `http://127.0.0.1:${port}` };
    };
    const call = (base: string, url: string, init: RequestInit & { token: string; cookie?: string }) =>
      fetch(`${base}${url}`, {
        ...init,
        headers: {
          authorization: `Bearer ${init.token}`,
          'content-type': 'application/json',
          ...(init.cookie ? { cookie: init.cookie } : {}),
        },
      });

    const first = await start();
    const made = await call(first.base, `${BROKER_API_BASE}${WEBHOOK_PATHS.webhooks}`, {
      method: 'POST',
      token: admin,
      body: JSON.stringify({ url: receiver.url }),
    });
    expect(made.status).toBe(201);
    const endpoint = (await made.json()) as { id: number };
    const login = await fetch(`${first.base}${API_BASE}${API_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'primary@demo.test', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    // The session's cookie, as the browser keeps it beside the request token (decision 0033).
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    const note = await call(first.base, `${API_BASE}${apiPath(API_PATHS.addNote, { id: shipment })}`, {
      method: 'POST',
      token,
      cookie,
      body: JSON.stringify({ note: 'Sent through a crash' }),
    });
    expect(note.status).toBe(200);

    await until(() => receiver.received.length >= 1, 240_000, 'the first attempt');
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await start();
    // The dead server's claim is waited out (its lease), then the delivery goes out again.
    await until(() => receiver.received.length >= 2, 240_000, 'the attempt after the restart');
    const deliveriesUrl = `${BROKER_API_BASE}${WEBHOOK_PATHS.webhookDeliveries.replace(':id', String(endpoint.id))}`;
    const listed = async () =>
      (await (await call(second.base, deliveriesUrl, { token: admin })).json()) as WebhookDeliveriesResponse;
    await until(async () => (await listed()).deliveries[0]?.state === 'delivered', 240_000, 'the delivered mark');

    // Every sending is the same event. Two when the kill came within the held attempt's timeout, as it does
    // on a machine with time to spare; one more when a loaded machine let that timeout pass first.
    const [held, ...resent] = receiver.received;
    for (const again of resent) {
      expect(again.headers['webhook-id']).toBe(held!.headers['webhook-id']);
      expect(again.body).toBe(held!.body);
    }
    const { deliveries } = await listed();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      webhook_id: held!.headers['webhook-id'],
      state: 'delivered',
      attempts: receiver.received.length,
      last_status: 200,
    });
    // A moment more, for a sending after the delivered mark that must not come.
    const sent = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received).toHaveLength(sent);
    // Two server starts, on a machine whose cores other work may share; the limit only stops a hang.
  }, 900_000);
});
