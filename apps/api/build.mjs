// Bundles the server with the contract package's sources; other packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/cli/broker.ts'],
  outdir: 'dist',
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
