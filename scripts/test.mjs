// npm test: everything CI runs. Type-checking, lint, formatting, unit tests, API tests on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL, a part of them and the built server on the other supported Node.js
// line, then browser tests in headless Chromium on the built portal.
import { existsSync } from 'node:fs';
import { build, ensureNodeModules, run, runTogether } from './lib.mjs';
import { checkBuiltServer, NODE_CHECK_TESTS, nodeBinary, runApiTests } from './node-versions.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `\n✖ The browser tests need Debian's chromium at ${CHROMIUM}, and it is not installed.\n` +
        '  Install it with: sudo apt-get update && sudo apt-get install -y chromium\n',
    );
    process.exit(1);
  }
  console.log('Installing chromium from Debian…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
}

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
const step = (title) => console.log(`\n━━ ${title} (at ${elapsed()})`);
const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.TEST_DATABASE_URL;

ensureNodeModules();
ensureChromium();

// tsc, eslint and prettier each use one core: side by side they use both.
step('Type-checking, lint and formatting, side by side');
await runTogether(
  [
    { title: 'Type-checking', command: 'npm', args: ['run', 'typecheck'] },
    { title: 'Lint', command: 'npm', args: ['run', 'lint'] },
    { title: 'Formatting', command: 'npm', args: ['run', 'format:check'] },
  ],
  elapsed,
);
step('Unit tests');
run('npm', ['run', 'test:unit']);
step('API tests on PGlite');
run('npm', ['run', 'test:api'], { env: withoutDatabaseUrl });
if (process.env.TEST_DATABASE_URL) {
  step('API tests on PostgreSQL');
  run('npm', ['run', 'test:api']);
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API tests ran on PGlite only.');
}
step('Build');
build();
// The machine's Node runs every test; the other supported line, the API's core and the built server.
const otherNode = process.versions.node.startsWith('22.') ? 20 : 22;
step(`API tests on PGlite and the built server on Node ${otherNode}`);
const node = nodeBinary(otherNode);
runApiTests(node, NODE_CHECK_TESTS, withoutDatabaseUrl);
await checkBuiltServer(node);
step('Browser tests');
run('npm', ['run', 'test:e2e']);
console.log(`\n✔ All checks passed in ${elapsed()}.`);
