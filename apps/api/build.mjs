// Bundles the server with the contract package's sources; other packages stay in node_modules.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * How the server is bundled for production, and the benches' server with it: the contract's
 * sources inlined, every other package left in node_modules.
 * @type {import('esbuild').BuildOptions}
 */
export const SERVER_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  // A module imported with import() becomes a file of its own, loaded when it is first needed, with the
  // packages it imports (the S3 driver and the AWS SDK only when STORAGE_URL names a bucket).
  splitting: true,
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@clearport/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `node build.mjs <name>` bundles the command line src/cli/<name>.ts alone (scripts/lib.mjs runCommandLine)
  // into dist/cli, chunks and all, leaving the server's files as they are.
  const commandLines = ['src/cli/broker.ts', 'src/cli/check-deploy.ts'];
  const alone = process.argv[2];
  await build({
    ...SERVER_BUNDLE,
    entryPoints: alone ? [`src/cli/${alone}.ts`] : ['src/server.ts', ...commandLines],
    outdir: alone ? 'dist/cli' : 'dist',
    outbase: alone ? 'src/cli' : 'src',
    sourcemap: true,
  });
}
