// Shared steps of `npm start` and `npm test`: install what is missing, build, run commands.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/** npm packages: installed when node_modules is absent or older than the lock file. */
export function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing npm packages…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

export function build() {
  console.log('Building the web client and the server…');
  run('npm', ['run', 'build']);
  markBuilt();
}

/** Records that the build is up to date with the sources (after `npm run build` ran to its end). */
export function markBuilt() {
  writeFileSync(BUILD_STAMP, sourcesFingerprint());
}

/** Builds only when a source the build reads changed since the last build (or nothing is built). */
export function buildIfChanged() {
  const built = BUILT_FILES.every((file) => existsSync(path.join(root, file)));
  if (built && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, 'utf8') === sourcesFingerprint()) {
    console.log('The build is up to date with the sources.');
    return;
  }
  build();
}

const BUILD_STAMP = path.join(root, 'apps/api/dist/.sources-fingerprint');
const BUILT_FILES = ['apps/api/dist/server.js', 'apps/web/dist/index.html'];
/** What the two builds read: the workspaces' sources and configuration, and the installed versions. */
const BUILD_INPUTS = ['package-lock.json', 'apps/api', 'apps/web', 'packages/contract'];
const NOT_BUILD_INPUTS = new Set([
  'node_modules',
  'dist',
  'data',
  'e2e',
  'test',
  'bench',
  'test-results',
  'playwright-report',
]);

/** A hash of every build input's path and content: the same sources give the same fingerprint. */
export function sourcesFingerprint(inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  const add = (relative) => {
    const absolute = path.join(root, relative);
    if (statSync(absolute).isDirectory()) {
      const entries = readdirSync(absolute).filter((name) => !NOT_BUILD_INPUTS.has(name) && !name.startsWith('.'));
      for (const name of entries.sort()) add(path.join(relative, name));
    } else if (!/\.test\.tsx?$/.test(relative)) {
      hash.update(`${relative}\0`).update(readFileSync(absolute)).update('\0');
    }
  };
  for (const input of inputs) add(input);
  return hash.digest('hex');
}

/**
 * Runs lanes at the same time: a lane is one command or a list of commands run one after another.
 * Each command's output is held back and printed whole when it ends, under its title and how long
 * it took. When one fails, the others are stopped, what they printed so far is shown, and the failed
 * command's output comes last, where the end of a log shows it; the run exits with its status.
 */
export async function runTogether(lanes, since) {
  const running = new Set();
  let failure;
  const runStep = ({ title, command, args, options = {} }) => {
    const started = Date.now();
    console.log(`\n┄┄ ${title} started at ${since()}`);
    return new Promise((resolve) => {
      // Its own process group, so that stopping it stops what it started too.
      const child = spawn(command, args, { cwd: root, ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      running.add(child);
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (status, signal) => {
        running.delete(child);
        const seconds = Math.round((Date.now() - started) / 1000);
        if (failure) {
          console.log(`\n━━ ${title} (stopped after ${seconds} s)`);
          process.stdout.write(output);
          return resolve(false);
        }
        if (status !== 0) {
          failure = {
            title,
            seconds,
            output,
            message: `${[command, ...args].join(' ')} failed (exit ${status ?? signal})`,
          };
          process.exitCode = status || 1;
          console.log(`\n━━ ${title} failed after ${seconds} s; the other steps stop, and its output is printed last`);
          // Each step runs in its own process group (vitest's and Playwright's workers, the servers they start).
          for (const other of running) stopGroup(other);
          return resolve(false);
        }
        console.log(`\n━━ ${title} (took ${seconds} s, done at ${since()})`);
        process.stdout.write(output);
        resolve(true);
      });
    });
  };
  const runLane = async (lane) => {
    for (const step of Array.isArray(lane) ? lane : [lane]) {
      if (failure || !(await runStep(step))) return;
    }
  };
  // Ctrl-C reaches only the terminal's process group: the steps' groups are stopped with this one.
  const interrupted = (signal) => {
    for (const child of running) stopGroup(child);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, interrupted);
  await Promise.all(lanes.map(runLane));
  for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, interrupted);
  if (failure) {
    console.log(`\n━━ ${failure.title} (failed after ${failure.seconds} s)`);
    process.stdout.write(failure.output);
    console.error(`\n✖ ${failure.title}: ${failure.message}`);
    process.exit(process.exitCode);
  }
}

function stopGroup(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/**
 * Runs a command line of the API (`apps/api/src/cli/<name>.ts`) from its built bundle, built again
 * only when a source it reads changed, and alone: the files a running server serves stay as they are.
 */
export function runCommandLine(name, args) {
  const apiDir = path.join(root, 'apps/api');
  const bundle = path.join(apiDir, `dist/cli/${name}.js`);
  const stamp = path.join(apiDir, `dist/cli/.${name}-sources-fingerprint`);
  ensureNodeModules();
  const fingerprint = sourcesFingerprint(['package-lock.json', 'apps/api', 'packages/contract']);
  if (!existsSync(bundle) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== fingerprint) {
    console.error('Building the command line…');
    run(process.execPath, ['build.mjs', name], { cwd: apiDir, stdio: ['ignore', 'ignore', 'inherit'] });
    writeFileSync(stamp, fingerprint);
  }
  const child = spawn(process.execPath, [bundle, ...args], {
    stdio: 'inherit',
    // A relative DATA_DIR means the folder npm was started from, as for `npm start`.
    env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
