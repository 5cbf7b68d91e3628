import { sql, type Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE } from '@clearport/contract/constants';

/**
 * A company's time zone, so that the days its mails, delivery order PDFs and overdue invoices
 * speak of are its own, not the server's UTC day. The brokerage sets it (IANA name, checked by
 * the writer: PostgreSQL cannot check a zone name in a constraint).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies ADD COLUMN time_zone text NOT NULL DEFAULT ${sql.lit(DEFAULT_TIME_ZONE)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies DROP COLUMN time_zone`.execute(db);
}
