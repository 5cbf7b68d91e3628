import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The API workspace, where the server's entry points are found. */
export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

type ServerProcessOptions = {
  /** Node's arguments: the built `dist/server.js`, or this run's bundle of the sources (test/source-bundle.ts). */
  args: readonly string[];
  /** Added to this process's environment; PORT is required, HOST is 127.0.0.1. */
  env: Record<string, string> & { PORT: string };
  /** Receives the server's log, stdout and stderr. */
  output: string[];
  timeoutMs?: number;
};

/**
 * Starts the server as its own process and waits until /healthz answers. Fails with the server's
 * log when it exits first, and stops it when it does not answer in time.
 */
export async function startServerProcess({
  args,
  env,
  output,
  timeoutMs = 120_000,
}: ServerProcessOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    const isUp = await fetch(`http://127.0.0.1:${env.PORT}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return child;
    if (child.exitCode !== null) throw new Error(`the server exited: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start within ${timeoutMs / 1000} s: ${output.join('')}`);
}
