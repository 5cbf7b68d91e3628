import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from './schema.ts';
import { lockFolder } from './folder-lock.ts';
import { pgliteAsPool } from './pglite-pool.ts';
import { PARSERS } from './value-parsers.ts';

export type Db = Kysely<Database>;

/** A file system for PGlite (PGlite's own MemoryFS, or one derived from it). */
export type PGliteFs = NonNullable<PGliteOptions['fs']>;

/** The extensions the migrations create (0018: the search index), which PGlite loads itself. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export type DatabaseOptions = {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** The PGlite folder, or undefined for an in-memory database. */
  pgliteDir?: string;
  /** The in-memory PGlite's file system, holding a data folder it starts as (the tests' seeded template). */
  pgliteFs?: PGliteFs;
  /** How long a PostgreSQL connection may take to open before the query fails (2 s). */
  connectTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
};

export async function connectDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    // pg is loaded only for a PostgreSQL server: a start on the embedded database does not need it.
    const { default: pg, preparingPool } = await import('./pg-driver.ts');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 2_000,
      idleTimeoutMillis: 30_000,
    });
    // A lost connection must not crash the process: the pool reports it for idle clients,
    // each client's own listener for one that is checked out; the query in flight fails (503).
    const report = (error: Error) => options.onPoolError?.(error);
    pool.on('error', report);
    pool.on('connect', (client) => {
      client.on('error', report);
      // The portal's statements are short: compiling one (JIT) cost up to 0.4 s where the planner
      // overestimated it, the users list's last page in account order on each new connection's
      // first runs. Queued before the query the connection was opened for, so it runs first.
      client.query('SET jit = off').catch(report);
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) as never }) });
  }
  let unlock = async () => {};
  if (options.pgliteDir) {
    await mkdir(path.dirname(options.pgliteDir), { recursive: true });
    unlock = await lockFolder(options.pgliteDir);
  }
  try {
    const pglite = await PGlite.create({
      dataDir: options.pgliteDir,
      fs: options.pgliteFs,
      extensions: PGLITE_EXTENSIONS,
      parsers: PARSERS,
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgliteAsPool(pglite, unlock) as never }) });
  } catch (error) {
    await unlock();
    throw error;
  }
}
