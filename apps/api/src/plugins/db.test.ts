import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { configFromEnv } from '../config.ts';

/** A server that takes connections and never answers: a database that does not finish opening one. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `postgres://app@127.0.0.1:${(server.address() as net.AddressInfo).port}/clearport`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('DATABASE_CONNECT_TIMEOUT_MS', () => {
  it('is how long the server waits for a connection to open before its start fails', async () => {
    const database = await silentServer();
    cleanups.push(database.close);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-connect-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let outcome = 'waiting';
    // buildApp opens the database as it registers the plugin, so its promise is the start.
    const started = buildApp({
      ...configFromEnv({ DATABASE_CONNECT_TIMEOUT_MS: '3000' }),
      dataDir,
      databaseUrl: database.url,
      logLevel: 'silent',
      seedDemo: false,
      mailWorker: false,
      webhookWorker: false,
    }).then(
      async (app) => {
        await app.close();
        outcome = 'started';
      },
      (error: Error) => (outcome = error.message),
    );
    // Past the default 2 s it still waits; this timer was set before the connection's, so it comes first.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(outcome).toBe('waiting');
    await started;
    expect(outcome).toMatch(/connection timeout/);
  });
});
