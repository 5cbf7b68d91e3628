import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/build-app.ts';
import { up } from './0067-repair-edited-migrations.ts';

const t = testAppForFile();

/** The two functions, request_keys' columns and its indexes, as the catalog has them. */
async function schemaOfRepairs() {
  const { rows } = await sql<{ what: string }>`
    SELECT pg_get_functiondef(p.oid) AS what FROM pg_proc p
      WHERE p.proname IN ('customs_entry_of_shipment', 'customs_entry_line_of_entry')
    UNION ALL
    SELECT column_name || ' ' || data_type || ' ' || is_nullable FROM information_schema.columns
      WHERE table_name = 'request_keys'
    UNION ALL
    SELECT indexdef FROM pg_indexes WHERE tablename = 'request_keys'
    ORDER BY 1`.execute(t.app.db);
  return rows.map((row) => row.what);
}

describe('migration 0067', () => {
  it("brings a database that applied 0057's and 0059's first versions to a fresh one's schema, and changes nothing on a fresh one", async () => {
    const fresh = await schemaOfRepairs();
    // The shipment's row locked as a move locks it; the line's copy without a lock of its own.
    expect(fresh.filter((what) => what.includes('FOR NO KEY UPDATE'))).toHaveLength(1);
    expect(fresh.join('\n')).not.toContain('FOR SHARE');
    expect(fresh).toContain('request_hash text NO');

    // What 0057 (c5d142b) and 0059 (d0bc78f) first wrote.
    await sql`
      CREATE OR REPLACE FUNCTION customs_entry_of_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT s.account_id, coalesce(s.shipment_discharge_date, s.est_time_arrive)::date
          INTO NEW.account_id, NEW.arrival_date
          FROM shipments s WHERE s.id = NEW.shipment_id FOR SHARE;
        RETURN NEW;
      END $$;
      CREATE OR REPLACE FUNCTION customs_entry_line_of_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT e.account_id, date_trunc('month', e.entry_date)::date INTO NEW.account_id, NEW.month
          FROM customs_entries e WHERE e.id = NEW.entry_id FOR SHARE;
        RETURN NEW;
      END $$;
      DROP INDEX request_keys_user_idx;
      ALTER TABLE request_keys DROP COLUMN request_hash;
    `.execute(t.app.db);
    await sql`
      INSERT INTO request_keys (shipment_id, user_id, kind, key, record_id)
      SELECT s.id, u.id, 'note', 'kept-before', 1 FROM shipments s, users u LIMIT 1`.execute(t.app.db);
    expect(await schemaOfRepairs()).not.toEqual(fresh);

    await up(t.app.db as unknown as Kysely<unknown>);
    expect(await schemaOfRepairs()).toEqual(fresh);
    const { rows } = await sql<{ keys: number }>`SELECT count(*)::int AS keys FROM request_keys`.execute(t.app.db);
    expect(rows[0]!.keys).toBe(0);

    await up(t.app.db as unknown as Kysely<unknown>);
    expect(await schemaOfRepairs()).toEqual(fresh);
  });
});
