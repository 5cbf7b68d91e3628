import path from 'node:path';
import { build } from 'esbuild';
import { inject } from 'vitest';
import { SERVER_BUNDLE } from '../build.mjs';
import { apiDir } from './server-process.ts';

/**
 * The tests that run the server or a command line as a process of its own run this run's sources
 * bundled as production bundles them (build.mjs), made once by the global setup: through tsx,
 * each such process spent about 2.5 s of CPU compiling the sources again before its first line.
 * The folder sits beside dist, at its depth, so that the server finds apps/web/dist as it would,
 * and the packages resolve from node_modules.
 */
export async function bundleSources(): Promise<string> {
  const outdir = path.join(apiDir, `.test-build-${process.pid}`);
  await build({
    ...SERVER_BUNDLE,
    entryPoints: ['src/server.ts', 'src/cli/broker.ts', 'src/cli/check-deploy.ts'].map((entry) =>
      path.join(apiDir, entry),
    ),
    outdir,
    outbase: path.join(apiDir, 'src'),
    sourcemap: 'inline',
  });
  return outdir;
}

/** Node's arguments that run an entry of the bundle: `server`, `cli/broker` or `cli/check-deploy`. */
export function bundled(entry: 'server' | 'cli/broker' | 'cli/check-deploy'): string[] {
  return ['--enable-source-maps', path.join(inject('sourceBundle'), `${entry}.js`)];
}
