import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Db } from '../src/db/connect.ts';
import { templateFs } from './template-database.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(onPostgres)("in-memory databases started from the seeded template's folder", () => {
  it('each start as the seed left it, whatever another one wrote', async () => {
    const { dataDir } = inject('seededTemplate');
    const count = async (db: Db) =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM shipments`.execute(db)).rows[0]!.n;
    const seeded = await connectDatabase({ pgliteFs: await templateFs(dataDir) });
    const shipments = await count(seeded);
    expect(shipments).toBeGreaterThan(0);
    // Rewrites every page of the table and its indexes, and fills the log past its first file.
    await sql`UPDATE shipments SET customer_reference_no = 'CHANGED-' || id`.execute(seeded);
    await sql`DELETE FROM documents`.execute(seeded);
    await sql`CHECKPOINT`.execute(seeded);
    await sql`SELECT pg_switch_wal()`.execute(seeded);
    expect(await count(seeded)).toBe(shipments);

    const next = await connectDatabase({ pgliteFs: await templateFs(dataDir) });
    try {
      const changed = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM shipments WHERE customer_reference_no LIKE 'CHANGED-%'`.execute(next);
      expect(changed.rows[0]!.n).toBe(0);
      const documents = await sql<{ n: number }>`SELECT count(*)::int AS n FROM documents`.execute(next);
      expect(documents.rows[0]!.n).toBeGreaterThan(0);
      expect(await count(next)).toBe(shipments);
    } finally {
      await next.destroy();
      await seeded.destroy();
    }
  });
});
