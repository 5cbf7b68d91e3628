import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The environment variable through which a worker's helpers (e2e/outbox.ts) find its data folder. */
export const DATA_DIR_ENV = 'CLEARPORT_E2E_DATA_DIR';

/** The environment variable through which global setup hands the workers a data folder with the demo data. */
export const SEEDED_DATA_DIR_ENV = 'CLEARPORT_E2E_SEEDED_DIR';
/** An API key of the admin scope in the seeded folder (global setup), for the broker's sign-in links. */
export const ADMIN_KEY_ENV = 'CLEARPORT_E2E_ADMIN_KEY';

export type PortalServer = {
  url: string;
  /** The server's database, stored files and mail outbox. */
  dataDir: string;
  /** Stops the server and removes its data folder, unless asked to keep it. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
};

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The first worker's port; worker n listens on this plus n, so parallel runs on one machine each pick a range. */
export function basePort(): number {
  const port = Number(process.env.E2E_PORT ?? 3100);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`E2E_PORT is not a port: ${process.env.E2E_PORT}`);
  return port;
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the portal server stopped before it answered (exit ${child.exitCode ?? child.signalCode}):\n${stderr()}`,
      );
    }
    try {
      const reply = await fetch(`${url}/healthz`);
      if (reply.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the portal server at ${url} did not answer /healthz within ${timeoutMs / 1000} s:\n${stderr()}`);
}

/**
 * Starts the built portal (the API serving apps/web/dist, as in production) on `port` over a fresh data
 * folder, and waits until it answers.
 */
export async function startPortalServer(
  port: number,
  timeoutMs: number,
  {
    prepare,
    from,
  }: {
    /** Runs on the data folder before the server starts, with the server's environment (the broker's command). */
    prepare?: (env: NodeJS.ProcessEnv, url: string) => void;
    /** A data folder to start from, copied: a seeded one spares the server seeding the demo data again. */
    from?: string;
  } = {},
): Promise<PortalServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clearport-e2e-'));
  if (from) fs.cpSync(from, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: path.join(webDir, 'dist'),
    LOG_LEVEL: 'warn',
    // Cheaper password hashes than production's 2^17: the browser tests log in a few hundred times.
    PASSWORD_HASH_COST: '12',
  };
  // Each worker has its own embedded database and outbox; a shared server or SMTP relay would mix the workers' data.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.PUBLIC_URL;
  try {
    prepare?.(env, url);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const child = spawn(process.execPath, [path.join(webDir, '..', 'api', 'dist', 'server.js')], {
    cwd: webDir,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    errors += chunk;
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killLater);
    }
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, () => errors, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
