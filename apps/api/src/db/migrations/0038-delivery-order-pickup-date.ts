import { sql, type Kysely } from 'kysely';

/**
 * The day the company asks the trucker to pick the containers up, optional: the editor warns when
 * it is after a container's last free day (docs/decisions/0029-demurrage.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE delivery_orders ADD COLUMN pickup_date date`.execute(db);
}
