import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from './schema.ts';
import { lockFolder } from './folder-lock.ts';
import { pgliteAsPool } from './pglite-pool.ts';
import { preparingPool } from './prepared-statements.ts';

export type Db = Kysely<Database>;

/** The extensions the migrations create (0018: the search index), which PGlite loads itself. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * Both drivers return the same JavaScript values: int8 as number, a timestamp without
 * time zone as its text `YYYY-MM-DD HH:MM:SS`, a date as `YYYY-MM-DD`.
 */
const timestampText = (value: string) => value.slice(0, 19);
const PARSERS = {
  [pgliteTypes.INT8]: (value: string) => Number(value),
  [pgliteTypes.TIMESTAMP]: timestampText,
  [pgliteTypes.DATE]: (value: string) => value,
};
for (const [oid, parse] of Object.entries(PARSERS)) pg.types.setTypeParser(Number(oid), parse);

/**
 * pg reads text[] character by character; a page of shipments carries 120 of them. An array
 * of plain elements (PostgreSQL quotes any element with a quote, backslash, comma, brace,
 * space, or that is empty or NULL) is split instead; anything else goes to pg's own parser.
 */
const TEXT_ARRAY_OID = 1009 as Parameters<typeof pg.types.getTypeParser>[0];
const parseTextArrayFully = pg.types.getTypeParser(TEXT_ARRAY_OID);
export function parseTextArray(value: string): unknown {
  if (value === '{}') return [];
  if (!value.startsWith('{') || /["\\{}]/.test(value.slice(1, -1))) return parseTextArrayFully(value);
  return value
    .slice(1, -1)
    .split(',')
    .map((element) => (element === 'NULL' ? null : element));
}
pg.types.setTypeParser(TEXT_ARRAY_OID, parseTextArray);

export type DatabaseOptions = {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** The PGlite folder, or undefined for an in-memory database. */
  pgliteDir?: string;
  /** A dump of another PGlite's data folder (PGlite.dumpDataDir) the new one starts as. */
  pgliteImage?: Blob;
  /** How long a PostgreSQL connection may take to open before the query fails (2 s). */
  connectTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
};

export async function connectDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
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
    pool.on('connect', (client) => client.on('error', report));
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
      loadDataDir: options.pgliteImage,
      extensions: PGLITE_EXTENSIONS,
      parsers: PARSERS,
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgliteAsPool(pglite, unlock) as never }) });
  } catch (error) {
    await unlock();
    throw error;
  }
}
