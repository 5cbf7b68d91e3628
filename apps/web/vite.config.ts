import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './vite/chunk-groups.ts';
import { routePreloads } from './vite/route-preloads.ts';

const API_SERVER = 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, at the highest levels: done once
 * here, so the server sends them as they are (@fastify/static's preCompressed) at no cost.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'clearport-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
            gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));

/** React Router's production build: the module its package resolves to, from dist/production. */
function reactRouterProductionBuild(): string {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`);
  if (production === development) throw new Error(`react-router resolves to ${development}, not a development build`);
  return production;
}
const routeModule = (file: string) => path.join(root, 'src/app/routes', file);

export default defineConfig({
  root,
  plugins: [react(), routePreloads(), precompress()],
  resolve: {
    alias: [
      // The server's CSP makes runtime <style> injection undesirable, so the toast styles come from
      // the stylesheet components/ui/toast-container.tsx imports. Every `from 'react-toastify'` resolves to the
      // unstyled build, so there is still one toast store and one way to import it.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
      // React Router's package points every import at its development build, whose warnings stay in
      // a bundle (remix-run/react-router#12532, #14102); its production build beside it has them off.
      { find: /^react-router$/, replacement: reactRouterProductionBuild() },
    ],
  },
  server: {
    proxy: {
      '/api': API_SERVER,
      '/healthz': API_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    // Every browser the portal supports preloads modules itself (Chrome 66, Firefox 115, Safari 17).
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunkGroups({
            layout: routeModule('app/root.tsx'),
            withLayout: [path.join(root, 'src/lib/query-client.ts')],
            withEntry: [
              ...['text-field.tsx', 'form-message.tsx'].map((file) => path.join(root, 'src/components/ui', file)),
              // The login form's check, which the request schemas' module shares with the login page:
              // in the entry, the signed-in screens do not load the login page's chunk for it.
              path.join(root, '../../packages/contract/src/auth-forms.ts'),
              // What the forgot-password page shares with the signed-in screens, 0.4 KiB compressed:
              // alone it was a file of its own on every signed-in route, which cost more in its head.
              path.join(root, '../../packages/contract/src/email-address.ts'),
              path.join(root, 'src/hooks/use-focus-after-change.ts'),
            ],
            outside: ['auth/login.tsx', 'not-found.tsx', 'auth/forgot-password.tsx', 'auth/reset-password.tsx'].map(
              routeModule,
            ),
            // About 4 KiB once minified and compressed: less costs more in its own response's head
            // and compression than it saves the routes that would not need it. At 16,000 the code
            // only Home and the shipments list share (their table: 16.1 KB here, 3 KiB of script and
            // styles once compressed) became two files of its own, which cost /shipments 1.6 KiB and
            // took it over its 190 KiB.
            minGroupBytes: 17_000,
          }),
        },
      },
    },
  },
});
