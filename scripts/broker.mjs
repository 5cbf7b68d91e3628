// `npm run broker -- …`: the broker's command line, run from its built bundle. It is built again
// only when a source it reads changed, and alone: the files a running server serves stay as they are.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureNodeModules, root, run, sourcesFingerprint } from './lib.mjs';

const apiDir = path.join(root, 'apps/api');
const bundle = path.join(apiDir, 'dist/cli/broker.js');
const stamp = path.join(apiDir, 'dist/cli/.sources-fingerprint');

ensureNodeModules();
const fingerprint = sourcesFingerprint(['package-lock.json', 'apps/api', 'packages/contract']);
if (!existsSync(bundle) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== fingerprint) {
  console.error('Building the command line…');
  run(process.execPath, ['build.mjs', 'broker'], { cwd: apiDir, stdio: ['ignore', 'ignore', 'inherit'] });
  writeFileSync(stamp, fingerprint);
}

const child = spawn(process.execPath, [bundle, ...process.argv.slice(2)], {
  stdio: 'inherit',
  // A relative DATA_DIR means the folder npm was started from, as for `npm start`.
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
