// npm test: everything CI runs. Type-checking, lint, formatting, unit tests, API tests on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL, a part of them and the built server on the other supported Node.js
// line, then browser tests in headless Chromium on the built portal.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNodeModules, markBuilt, root, runTogether } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's chromium for the browser tests, which come last: installed beside the npm packages and
 * the first steps rather than before them (on a fresh machine about 20 s of downloading and unpacking).
 * Resolves to undefined when it is there, or to apt-get's output when it failed (the run stops before
 * the browser tests, leaving the steps under way to end); a machine that lacks it and cannot install
 * it stops the run at once.
 */
function installChromium() {
  if (existsSync(CHROMIUM)) return Promise.resolve(undefined);
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `\n✖ The browser tests need Debian's chromium at ${CHROMIUM}, and it is not installed.\n` +
        '  Install it with: sudo apt-get update && sudo apt-get install -y chromium\n',
    );
    process.exit(1);
  }
  console.log('Installing chromium from Debian, beside the other steps…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Into a file, not a pipe: `npm ci` holds this process's event loop while apt-get writes.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'clearport-chromium-'));
  const log = path.join(folder, 'apt-get.log');
  const output = openSync(log, 'w');
  const script = 'apt-get update -qq && apt-get install -y -qq chromium';
  const child = spawn('sh', ['-c', script], { env, stdio: ['ignore', output, output] });
  const since = Date.now();
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const printed = readFileSync(log, 'utf8');
      closeSync(output);
      rmSync(folder, { recursive: true, force: true });
      if (status === 0 && existsSync(CHROMIUM)) {
        console.log(`\n━━ chromium installed (took ${Math.round((Date.now() - since) / 1000)} s)`);
        return resolve(undefined);
      }
      console.error(`\n✖ ${script} failed (exit ${status}); the browser tests cannot run.`);
      resolve(`${printed}\n✖ ${script} failed (exit ${status})`);
    });
  });
}

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
const step = (title) => console.log(`\n━━ ${title} (at ${elapsed()})`);
const npm = (title, script, options) => ({ title, command: 'npm', args: ['run', script], options });

const chromium = installChromium();
ensureNodeModules();

// The demo data every API test and browser test starts from, seeded once here on each engine
// (apps/api/test/prepare-templates.ts, into the folder apps/api/test/prepared-templates.ts describes)
// instead of once in each pass, and removed when the run ends.
const templates = mkdtempSync(path.join(os.tmpdir(), 'clearport-test-templates-'));
process.env.CLEARPORT_TEST_TEMPLATES = templates;
const prepareTemplates = (...args) => ({
  title: "Seeding the tests' demo data",
  command: 'npx',
  args: ['tsx', 'test/prepare-templates.ts', ...args],
  options: { cwd: path.join(root, 'apps/api') },
});
process.on('exit', () => {
  // Without PostgreSQL there is only the folder to remove, and no need to start tsx for it.
  if (!process.env.TEST_DATABASE_URL) return rmSync(templates, { recursive: true, force: true });
  const { command, args, options } = prepareTemplates('--remove', templates);
  spawnSync(command, args, { ...options, stdio: 'inherit' });
});
const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.TEST_DATABASE_URL;

// The other supported line runs the API's core tests and the built server (README "Supported versions").
const otherNode = process.versions.node.startsWith('22.') ? 20 : 22;
const otherNodeScript = (...args) => ({
  command: process.execPath,
  args: ['scripts/node-versions.mjs', String(otherNode), ...args],
});

// Each of these keeps about one core busy for a minute or two; side by side they use both. The other
// line's binary is fetched among them, its download waiting on the network rather than the cores.
step("Type-checking, lint, formatting, unit tests, the build and the tests' demo data, side by side");
await runTogether(
  [
    npm('Type-checking', 'typecheck'),
    npm('Lint', 'lint'),
    npm('Formatting', 'format:check'),
    npm('Unit tests', 'test:unit'),
    npm('Build', 'build'),
    prepareTemplates(templates),
    { title: `Fetching Node ${otherNode}`, ...otherNodeScript('--fetch') },
  ],
  elapsed,
);
markBuilt();

// One after another: each step keeps both cores busy (two vitest workers, two Playwright workers),
// and side by side on a machine other work loaded, each ran up to four times slower than alone.
step('API tests on PGlite and on PostgreSQL, the other Node.js line, then the browser tests, one after another');
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
await runTogether(
  [
    [
      npm('API tests on PGlite', 'test:api', { env: withoutDatabaseUrl }),
      ...(process.env.TEST_DATABASE_URL ? [npm('API tests on PostgreSQL', 'test:api')] : []),
      { title: `API tests on PGlite and the built server on Node ${otherNode}`, ...otherNodeScript() },
    ],
  ],
  elapsed,
);
const chromiumFailure = await chromium;
if (chromiumFailure) {
  console.error(chromiumFailure);
  process.exit(1);
}
await runTogether([npm('Browser tests', 'test:e2e')], elapsed);
console.log(`\n✔ All checks passed in ${elapsed()}.`);
