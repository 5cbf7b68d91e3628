import { sql, type Kysely } from 'kysely';

/**
 * A download names its file by storage key (API_PATHS.file), and the access check looks the
 * key up among the records that hold one. documents.path is unique already; these are the
 * others, partial because most rows hold none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX shipments_path_to_7501_idx ON shipments (path_to_7501) WHERE path_to_7501 IS NOT NULL;
    CREATE INDEX delivery_orders_path_idx ON delivery_orders (path) WHERE path IS NOT NULL;
    CREATE INDEX invoices_path_idx ON invoices (path) WHERE path IS NOT NULL;
    CREATE INDEX invoices_backup_idx ON invoices (backup) WHERE backup IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX invoices_backup_idx, invoices_path_idx, delivery_orders_path_idx, shipments_path_to_7501_idx;
  `.execute(db);
}
