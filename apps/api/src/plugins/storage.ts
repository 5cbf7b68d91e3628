import fp from 'fastify-plugin';
import type { Storage } from '../lib/storage.ts';
import { openStorage, type StorageConfig } from '../lib/storage-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Stored files live under <dataDir>/files, another folder, or an S3 bucket (decision 0039). */
export default fp<{ dataDir: string; storage: StorageConfig }>(
  async (app, options) => {
    const storage = await openStorage(options.storage, options.dataDir);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close?.());
  },
  { name: 'storage' },
);
