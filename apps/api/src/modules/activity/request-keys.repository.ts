import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * What a request key names: the user's change of one kind under one shipment (decision 0048), and
 * what it asked for (`request`, as the action read it).
 */
export type RequestKeyed = {
  shipmentId: number;
  userId: number;
  kind: 'note' | 'delivery_order' | 'document';
  key: string;
  request: unknown;
};

/** How long a key answers its first record: longer than any retry of a lost answer. */
const KEPT_FOR = sql`interval '1 day'`;

/** At most this many of a user's keys past their day go with each key kept. */
const SWEEP_LIMIT = 100;

const hashOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/**
 * The records changes made under their request keys. Read and written under the shipment's lock
 * (changeShipment), so the same request sent twice at once takes turns: the second finds the first's.
 */
export const requestKeysRepository = {
  /**
   * The record the same request made before, when it did within the day; `reused` when the key
   * was sent before with another request.
   */
  async madeBefore(trx: Db, keyed: RequestKeyed): Promise<number | 'reused' | undefined> {
    const row = await trx
      .selectFrom('request_keys')
      .select(['record_id', 'request_hash'])
      .where('shipment_id', '=', keyed.shipmentId)
      .where('user_id', '=', keyed.userId)
      .where('kind', '=', keyed.kind)
      .where('key', '=', keyed.key)
      .where('created_at', '>', sql<Date>`now() - ${KEPT_FOR}`)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.request_hash === hashOf(keyed.request) ? row.record_id : 'reused';
  },

  /** Keeps the record the request made, and lets go of the user's keys past their day. */
  async keep(trx: Db, keyed: RequestKeyed, recordId: number): Promise<void> {
    // Rows another change of the user holds are left to the next: the sweep never waits or deadlocks.
    await sql`
      DELETE FROM request_keys WHERE ctid IN (
        SELECT ctid FROM request_keys
        WHERE user_id = ${keyed.userId} AND created_at <= now() - ${KEPT_FOR}
        LIMIT ${SWEEP_LIMIT}
        FOR UPDATE SKIP LOCKED
      )`.execute(trx);
    const values = { record_id: recordId, request_hash: hashOf(keyed.request) };
    await trx
      .insertInto('request_keys')
      .values({ shipment_id: keyed.shipmentId, user_id: keyed.userId, kind: keyed.kind, key: keyed.key, ...values })
      .onConflict((conflict) =>
        conflict.columns(['shipment_id', 'user_id', 'kind', 'key']).doUpdateSet({ ...values, created_at: sql`now()` }),
      )
      .execute();
  },
};
