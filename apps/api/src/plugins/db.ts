import path from 'node:path';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { connectDatabase, type Db, type PGliteFs } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { readFromReplica, type ReadFrom } from '../db/read-replica.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database: every write, and every read that is not a list or a report. */
    db: Db;
    /**
     * The lists' and reports' reads (decision 0040): on the read replica when one is configured and
     * has replayed the session's last change, on `db` otherwise.
     */
    dbRead: ReadFrom;
    /** Whether a read replica is configured: then each session's changes are noted (plugins/auth.ts). */
    hasReadReplica: boolean;
  }
}

export type DbPluginOptions = {
  databaseUrl?: string;
  /** A streaming replica of databaseUrl (DATABASE_REPLICA_URL). */
  replicaUrl?: string;
  /** The folder of the embedded database; in memory when absent and no databaseUrl is given. */
  dataDir?: string;
  /** The in-memory embedded database's file system, holding what it starts as (connectDatabase's pgliteFs). */
  pgliteFs?: PGliteFs;
  /** How long opening a connection to databaseUrl may take (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
};

/** Connects, brings the schema to the latest migration, and closes with the server. */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const db = await connectDatabase({
      databaseUrl: options.databaseUrl,
      pgliteDir: options.dataDir ? path.join(options.dataDir, 'db') : undefined,
      pgliteFs: options.pgliteFs,
      connectTimeoutMs: options.connectTimeoutMs,
      onPoolError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => db.destroy());
    // The embedded database has no replica; a replica's connections are made as reads need them,
    // so the server starts while the replica is down (its reads go to the primary).
    const replica =
      options.databaseUrl && options.replicaUrl
        ? await connectDatabase({
            databaseUrl: options.replicaUrl,
            connectTimeoutMs: 1_000,
            onPoolError: (error) => app.log.warn({ err: error }, 'read replica connection lost'),
          })
        : undefined;
    if (replica) app.addHook('onClose', async () => replica.destroy());
    app.decorate('hasReadReplica', replica !== undefined);
    app.decorate('dbRead', readFromReplica(db, replica, { warn: (detail, message) => app.log.warn(detail, message) }));
    await migrateToLatest(db);
    await sql`SELECT 1`.execute(db);
  },
  { name: 'db' },
);
