import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_BUNDLE } from '../build.mjs';

/** The benches' server: serve.ts in its own process, built as production builds the server. */

/**
 * serve.ts bundled the way build.mjs bundles the server for production (the contract's sources
 * inlined, packages from node_modules): the app runs as it is deployed, not through tsx.
 */
export async function bundleServer(): Promise<string> {
  const outdir = fileURLToPath(new URL('../node_modules/.cache/clearport-bench/', import.meta.url));
  await build({
    ...SERVER_BUNDLE,
    entryPoints: { serve: fileURLToPath(new URL('./serve.ts', import.meta.url)) },
    outdir,
    outExtension: { '.js': '.mjs' },
  });
  return `${outdir}serve.mjs`;
}

export async function startServer(serve: string, url: string): Promise<{ child: ChildProcess; origin: string }> {
  return listening(
    spawn(process.execPath, [serve], {
      env: { ...process.env, BENCH_SERVE_DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
}

/**
 * bare-server.ts in its own process (through tsx, as the bench runs), answering every request with
 * the reply recorded in the JSON file `replyFile`.
 */
export async function startBareServer(
  replyFile: string,
  databaseUrl?: string,
): Promise<{ child: ChildProcess; origin: string }> {
  return listening(
    spawn(process.execPath, [...process.execArgv, fileURLToPath(new URL('./bare-server.ts', import.meta.url))], {
      env: { ...process.env, BENCH_BARE_REPLY: replyFile, BENCH_BARE_DATABASE_URL: databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
}

async function listening(child: ChildProcess): Promise<{ child: ChildProcess; origin: string }> {
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const match = /^listening (\d+)$/.exec(line);
    if (match) return { child, origin: `http://127.0.0.1:${match[1]}` };
  }
  throw new Error('The bench server stopped before listening');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
