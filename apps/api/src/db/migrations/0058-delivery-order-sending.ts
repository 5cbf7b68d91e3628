import { sql, type Kysely } from 'kysely';

/**
 * A delivery order being sent (docs/decisions/0008-delivery-orders.md): the send claims the order
 * until this instant before it renders and mails the PDF, and a change or delete of the order is
 * refused meanwhile, so that the order recorded as sent is the one the trucker received. A send
 * whose process ended midway leaves a claim that lapses by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE delivery_orders ADD COLUMN sending_until timestamptz`.execute(db);
}
