import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_SERVER = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      // The server's CSP makes runtime <style> injection undesirable, so the toast styles come from
      // the stylesheet imported in app/provider.tsx. Every `from 'react-toastify'` resolves to the
      // unstyled build, so there is still one toast store and one way to import it.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
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
    emptyOutDir: true,
  },
});
