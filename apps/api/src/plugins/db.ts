import path from 'node:path';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { connectDatabase, type Db } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export type DbPluginOptions = {
  databaseUrl?: string;
  /** The folder of the embedded database; in memory when absent and no databaseUrl is given. */
  dataDir?: string;
  /** What the embedded database starts as (connectDatabase's pgliteImage). */
  image?: Blob;
};

/** Connects, brings the schema to the latest migration, and closes with the server. */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const db = await connectDatabase({
      databaseUrl: options.databaseUrl,
      pgliteDir: options.dataDir ? path.join(options.dataDir, 'db') : undefined,
      pgliteImage: options.image,
      onPoolError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => db.destroy());
    await migrateToLatest(db);
    await sql`SELECT 1`.execute(db);
  },
  { name: 'db' },
);
