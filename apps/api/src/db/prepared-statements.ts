import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';

/*
 * Named prepared statements for the hot queries on PostgreSQL. Planning the shipments list
 * costs more than running it (docs/decisions/0005-shipment-list-queries.md); a prepared
 * statement is planned once per connection and PostgreSQL switches to a generic plan when it
 * is no worse than the custom ones. A query opts in through executePrepared; each connection
 * keeps its most recently used PREPARED_PER_CONNECTION statements, like asyncpg's statement
 * cache or pgJDBC's. PGlite runs the same text as an ordinary query.
 */

const PREPARED_MARK = '/* prepared */ ';
const PREPARED_PER_CONNECTION = 100;

type PreparedCache = { names: Map<string, string>; next: number };

/**
 * Every connection of the pool stayed in use for as long as a call may wait for one: the database
 * is there, and busy (answered 503 with a short Retry-After, logged as a warning).
 */
export class DatabaseBusyError extends Error {
  constructor(waitedMs: number, options?: ErrorOptions) {
    super(`every database connection stayed in use for ${waitedMs} ms`, options);
    this.name = 'DatabaseBusyError';
  }
}

/** Runs the query as a prepared statement on a PostgreSQL server, as an ordinary query on PGlite. */
export async function executePrepared<R>(db: Kysely<Database>, query: Compilable<R> | CompiledQuery<R>): Promise<R[]> {
  const compiled = 'compile' in query ? query.compile() : query;
  const marked = CompiledQuery.raw(`${PREPARED_MARK}${compiled.sql}`, [...compiled.parameters]);
  const result = await db.executeQuery<R>(marked);
  return result.rows;
}

/** A pool whose clients prepare the statements executePrepared marks. */
export function preparingPool(pool: pg.Pool) {
  const caches = new WeakMap<pg.PoolClient, PreparedCache>();

  async function query(client: pg.PoolClient, text: string, values: unknown[] = []) {
    if (!text.startsWith(PREPARED_MARK) || values.length === 0) return client.query(text, values);
    let cache = caches.get(client);
    if (!cache) caches.set(client, (cache = { names: new Map(), next: 1 }));
    let name = cache.names.get(text);
    if (name === undefined) {
      name = `clearport_${cache.next++}`;
      if (cache.names.size >= PREPARED_PER_CONNECTION) await evictOldest(client, cache);
    } else {
      cache.names.delete(text);
    }
    // Map order is use order: the first entry is the least recently used.
    cache.names.set(text, name);
    return client.query({ name, text, values });
  }

  return {
    async connect() {
      // Every connection checked out when asked: a timeout is then a wait for one, not a server gone.
      const isFull = pool.totalCount >= (pool.options.max ?? 10) && pool.idleCount === 0;
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (isFull && error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) {
          throw new DatabaseBusyError(pool.options.connectionTimeoutMillis ?? 0, { cause: error });
        }
        throw error;
      }
      return {
        query: (text: string, values?: unknown[]) => query(client, text, values),
        release: (error?: Error | boolean) => client.release(error),
      };
    },
    end: () => pool.end(),
  };
}

async function evictOldest(client: pg.PoolClient, cache: PreparedCache): Promise<void> {
  const [text, name] = cache.names.entries().next().value ?? [];
  if (text === undefined || name === undefined) return;
  cache.names.delete(text);
  // Names are never reused, so a failed DEALLOCATE (say, in an aborted transaction) only
  // leaves one statement behind on this connection.
  await client.query(`DEALLOCATE ${name}`).catch(() => {});
  // pg remembers what it parsed on the connection; forget it with the statement.
  const connection = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;
  if (connection?.parsedStatements) delete connection.parsedStatements[name];
}
