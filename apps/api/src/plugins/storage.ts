import fp from 'fastify-plugin';
import { localStorage, type Storage } from '../lib/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Stored files live in a folder (config.filesDir); another store implements the same Storage type. */
export default fp<{ filesDir: string }>(
  async (app, options) => {
    app.decorate('storage', localStorage(options.filesDir));
  },
  { name: 'storage' },
);
