import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { UNAVAILABLE_MESSAGE } from '../src/lib/errors.ts';
import { apiUrl, buildTestApp, createTestDatabase, injectAs, login, type TestApp } from './build-app.ts';
import { TEST_CONNECT_TIMEOUT_MS } from './connect-timeout.ts';

/** A loopback TCP relay to PostgreSQL that can be cut and restored, like a database going down. */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const start = (port = 0) =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as net.AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      server?.close(() => resolve());
    });
  return { start, stop };
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('while PostgreSQL is down', () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: ReturnType<typeof relay>;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!);
    const url = new URL(database.url);
    proxy = relay(new URL(database.url));
    port = await proxy.start();
    url.hostname = '127.0.0.1';
    url.port = String(port);
    t = await buildTestApp({ databaseUrl: url.toString(), inMemoryDatabase: false });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await database?.drop();
  });

  it('answers 503 quickly, and serves again when the database is back', async () => {
    const token = await login(t.app, 'primary@demo.test');
    const profile = () => injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' });
    // After its first call the list checks the session within its read; a refused query never
    // reads, and its session is checked as the answer is sent (decision 0045).
    const refusedList = () =>
      injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.shipments, {}, { sort: 'x' }) });
    expect((await profile()).statusCode).toBe(200);
    expect((await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.shipments) })).statusCode).toBe(200);

    await proxy.stop();
    for (const call of [profile, refusedList]) {
      const started = Date.now();
      const response = await call();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
      expect(response.headers['retry-after']).toBe('5');
      // Refused at once rather than after the connection's time limit.
      expect(Date.now() - started).toBeLessThan(TEST_CONNECT_TIMEOUT_MS);
    }
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', message: UNAVAILABLE_MESSAGE });

    await proxy.start(port);
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
      status = (await profile()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  });
});
