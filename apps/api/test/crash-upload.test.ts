import type { ChildProcess } from 'node:child_process';
import { readdir, utimes } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { samplePdf } from './sample-files.ts';
import { copySeededDemo } from './seeded-template.ts';
import { freePort, startServerProcess } from './server-process.ts';
import { bundled } from './source-bundle.ts';

/**
 * The server killed with SIGKILL in the middle of uploads leaves temporaries behind; the next
 * start removes them once they are an hour old (and files no record holds), and says so.
 */

let dataDir: string | undefined;
let removeData: (() => Promise<void>) | undefined;
let server: ChildProcess | undefined;

/** Starts the server on the data folder and waits for /healthz; `output` collects its log. */
function start(port: number, output: string[]): Promise<ChildProcess> {
  return startServerProcess({
    args: bundled('server'),
    env: { PORT: String(port), DATA_DIR: dataDir!, LOG_LEVEL: 'info', DATABASE_URL: '' },
    output,
  });
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

afterAll(async () => {
  server?.kill('SIGKILL');
  await removeData?.();
});

// It tests the file store, not the database: once per run, on the embedded one.
describe.skipIf(process.env.TEST_DATABASE_URL)('a crash during uploads', () => {
  it('leaves temporaries that the next start removes once they are old', async () => {
    // The run's seeded demo folder (test/global-setup.ts): the server starts on a copy rather than seeding its own.
    ({ dataDir, remove: removeData } = await copySeededDemo(inject('seededTemplate'), 'clearport-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await start(port, []);
    const login = await fetch(`${base}${API_BASE}${API_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'primary@demo.test', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    // The session cookie the login set goes with the bearer token (decision 0033).
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const list = await fetch(`${base}${API_BASE}${API_PATHS.shipments}`, {
      headers: { authorization: `Bearer ${token}`, cookie },
    });
    const shipmentId = ((await list.json()) as { data: { id: number }[] }).data[0]!.id;
    const filesDir = path.join(dataDir, 'files');
    const before = new Set(await filesUnder(filesDir));

    // Three uploads that stop halfway: their temporaries are on disk when the server dies.
    const sockets = [1, 2, 3].map(() => {
      const boundary = 'crash-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      const url = `${API_BASE}${apiPath(API_PATHS.uploadDocument, { id: shipmentId })}`;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nCookie: ${cookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n`,
        );
        socket.write(Buffer.concat([head, samplePdf(200_000)]));
      });
      socket.on('error', () => {});
      return socket;
    });
    let temporaries: string[] = [];
    for (let tries = 0; tries < 100 && temporaries.length < 3; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      temporaries = (await filesUnder(filesDir)).filter((file) => file.endsWith('.part'));
    }
    expect(temporaries).toHaveLength(3);
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    for (const socket of sockets) socket.destroy();

    const left = (await filesUnder(filesDir)).filter((file) => !before.has(file));
    expect(left.length).toBeGreaterThanOrEqual(3);
    // An hour later, as far as the files can tell.
    const anHourAgo = new Date(Date.now() - 61 * 60 * 1000);
    for (const file of left) await utimes(file, anHourAgo, anHourAgo);

    const log: string[] = [];
    server = await start(port, log);
    let remaining = left;
    const isLogged = () => log.join('').includes('orphan stored files');
    for (let tries = 0; tries < 100 && (remaining.length > 0 || !isLogged()); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = new Set(await filesUnder(filesDir));
      remaining = left.filter((file) => now.has(file));
    }
    expect(remaining).toEqual([]);
    expect(isLogged()).toBe(true);
    // The files of the demo records are all still there.
    const now = new Set(await filesUnder(filesDir));
    expect([...before].filter((file) => !now.has(file))).toEqual([]);
  }, 180_000);
});
