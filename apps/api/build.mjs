// Bundles the server with the contract's sources and the packages it loads; a few packages stay in node_modules.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The packages that stay in node_modules, loaded from there: each reads files beside its own code
 * (PGlite its WebAssembly and data, pino its transports' worker by path, swagger-ui-dist and
 * dejavu-fonts-ttf the files they ship), or is loaded only on demand and large (the database driver
 * for PostgreSQL, the AWS SDK, the Excel and PDF writers, the API description's generator).
 */
const LEFT_IN_NODE_MODULES = [
  '@electric-sql/pglite',
  'pg',
  'pino',
  'swagger-ui-dist',
  'dejavu-fonts-ttf',
  '@aws-sdk/',
  '@smithy/',
  'exceljs',
  'pdf-lib',
  '@pdf-lib/',
  '@fastify/swagger',
];

const isLeft = (specifier) =>
  LEFT_IN_NODE_MODULES.some((name) =>
    name.endsWith('/') ? specifier.startsWith(name) : specifier === name || specifier.startsWith(`${name}/`),
  );

/**
 * How the server is bundled for production, and the benches' and tests' servers with it: the
 * contract's sources and every package inlined but those above. Resolving and reading each of the
 * few hundred files of Fastify, zod, Kysely and the rest was about a third of the server's own CPU
 * at its start (README, "The start"). A package written as CommonJS still calls `require` for Node's
 * own modules and for those left out: the banner gives every file of the bundle one.
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
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-left-in-node-modules',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('node:') || isLeft(args.path) ? { path: args.path, external: true } : undefined,
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
