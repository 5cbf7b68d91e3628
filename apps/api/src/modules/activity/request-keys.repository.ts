import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** What a request key names: the user's change of one kind under one shipment (decision 0048). */
export type RequestKeyed = { shipmentId: number; userId: number; kind: 'note' | 'delivery_order'; key: string };

/** How long a key answers its first record: longer than any retry of a lost answer. */
const KEPT_FOR = sql`interval '1 day'`;

/**
 * The records changes made under their request keys. Read and written under the shipment's lock
 * (changeShipment), so the same request sent twice at once takes turns: the second finds the first's.
 */
export const requestKeysRepository = {
  /** The record the same request made before, when it did within the day. */
  async madeBefore(trx: Db, keyed: RequestKeyed): Promise<number | undefined> {
    const row = await trx
      .selectFrom('request_keys')
      .select('record_id')
      .where('shipment_id', '=', keyed.shipmentId)
      .where('user_id', '=', keyed.userId)
      .where('kind', '=', keyed.kind)
      .where('key', '=', keyed.key)
      .where('created_at', '>', sql<Date>`now() - ${KEPT_FOR}`)
      .executeTakeFirst();
    return row?.record_id;
  },

  /** Keeps the record the request made, and lets go of the user's keys under the shipment past their day. */
  async keep(trx: Db, keyed: RequestKeyed, recordId: number): Promise<void> {
    await trx
      .deleteFrom('request_keys')
      .where('shipment_id', '=', keyed.shipmentId)
      .where('user_id', '=', keyed.userId)
      .where('created_at', '<=', sql<Date>`now() - ${KEPT_FOR}`)
      .execute();
    await trx
      .insertInto('request_keys')
      .values({
        shipment_id: keyed.shipmentId,
        user_id: keyed.userId,
        kind: keyed.kind,
        key: keyed.key,
        record_id: recordId,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['shipment_id', 'user_id', 'kind', 'key'])
          .doUpdateSet({ record_id: recordId, created_at: sql`now()` }),
      )
      .execute();
  },
};
