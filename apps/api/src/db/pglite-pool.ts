import type { PGlite, Results } from '@electric-sql/pglite';

type QueryResult = { command: string; rowCount: number; rows: unknown[] };

/**
 * Lets Kysely's PostgresDialect drive an embedded PGlite as if it were a pg Pool.
 * PGlite is a single connection, so a connection is held by one caller at a time:
 * a transaction's statements never interleave with another request's. `afterClose` runs once
 * the database is closed (the data folder's lock is let go).
 */
export function pgliteAsPool(pglite: PGlite, afterClose: () => Promise<void> = async () => {}) {
  let queue = Promise.resolve();

  const client = {
    async query(text: string, params: readonly unknown[] = []): Promise<QueryResult> {
      // Migrations send several statements at once, which only the simple protocol allows.
      if (params.length === 0) {
        const results = await pglite.exec(text);
        return toQueryResult(text, results.at(-1));
      }
      return toQueryResult(text, await pglite.query(text, [...params]));
    },
    release() {},
  };

  return {
    async connect() {
      let release!: () => void;
      const previous = queue;
      queue = new Promise<void>((resolve) => (release = resolve));
      await previous;
      return { query: client.query, release };
    },
    async end() {
      await queue;
      await pglite.close();
      await afterClose();
    },
  };
}

function toQueryResult(text: string, result: Results | undefined): QueryResult {
  const command = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? '';
  return {
    command,
    rowCount: result?.affectedRows ?? result?.rows.length ?? 0,
    rows: result?.rows ?? [],
  };
}
