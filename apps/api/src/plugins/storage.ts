import path from 'node:path';
import fp from 'fastify-plugin';
import { localStorage, type Storage } from '../lib/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Stored files live under <dataDir>/files; another store implements the same Storage type. */
export default fp<{ dataDir: string }>(
  async (app, options) => {
    app.decorate('storage', localStorage(path.join(options.dataDir, 'files')));
  },
  { name: 'storage' },
);
