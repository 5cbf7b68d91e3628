// Bundles the server with the contract package's sources; other packages stay in node_modules.
import { build } from 'esbuild';

// `node build.mjs broker` bundles the command line alone (scripts/broker.mjs), leaving the server's files as they are.
const entryPoints = process.argv[2] === 'broker' ? ['src/cli/broker.ts'] : ['src/server.ts', 'src/cli/broker.ts'];

await build({
  entryPoints,
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
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
});
