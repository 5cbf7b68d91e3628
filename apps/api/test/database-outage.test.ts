import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, injectAs, login, type TestApp } from './build-app.ts';

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
    expect((await profile()).statusCode).toBe(200);

    await proxy.stop();
    for (const call of [profile, () => t.app.inject({ method: 'GET', url: '/healthz' })]) {
      const started = Date.now();
      const response = await call();
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/temporarily unavailable/);
      expect(Date.now() - started).toBeLessThan(5_000);
    }

    await proxy.start(port);
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
      status = (await profile()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  });
});
