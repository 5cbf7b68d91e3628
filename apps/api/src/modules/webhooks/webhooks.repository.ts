import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** An endpoint as the API lists it: never its secrets. */
export type WebhookRow = {
  id: number;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  cursor: string | null;
  created_at: Date;
  updated_at: Date;
  previous_secret_expires_at: Date | null;
};

const LISTED = [
  'id',
  'url',
  'description',
  'event_types',
  'enabled',
  'cursor',
  'created_at',
  'updated_at',
  'previous_secret_expires_at',
] as const;

export type WebhookChanges = Partial<Pick<WebhookRow, 'url' | 'description' | 'event_types' | 'enabled'>>;

/** An endpoint's place in the feed, as a replay or the worker moves it. */
export type WebhookPlace = { cursor: string | null; replay_until: string | null };

export const webhooksRepository = {
  /**
   * How many endpoints there are, counted under a lock that makes a second creator wait until the
   * first commits, so two at once cannot pass the limit together. Inside a transaction.
   */
  async countLocked(trx: Db): Promise<number> {
    await sql`LOCK TABLE webhook_endpoints IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const row = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async create(
    db: Db,
    input: Required<WebhookChanges> & { secret: string; cursor: string | null },
  ): Promise<WebhookRow> {
    const row = await db
      .insertInto('webhook_endpoints')
      .values({ ...input, event_types: [...new Set(input.event_types)] })
      .returning(LISTED)
      .executeTakeFirstOrThrow();
    return row as WebhookRow;
  },

  /** Every endpoint, oldest first; a brokerage has a few. */
  async list(db: Db): Promise<WebhookRow[]> {
    return (await db.selectFrom('webhook_endpoints').select(LISTED).orderBy('id').execute()) as WebhookRow[];
  },

  async exists(db: Db, id: number): Promise<boolean> {
    const row = await db.selectFrom('webhook_endpoints').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  },

  async update(db: Db, id: number, changes: WebhookChanges, now: Date): Promise<WebhookRow | undefined> {
    const eventTypes = changes.event_types && { event_types: [...new Set(changes.event_types)] };
    const row = await db
      .updateTable('webhook_endpoints')
      .set({ ...changes, ...eventTypes, updated_at: now })
      .where('id', '=', id)
      .returning(LISTED)
      .executeTakeFirst();
    return row as WebhookRow | undefined;
  },

  /** Deletes the endpoint and its deliveries; false: there was none. */
  async delete(db: Db, id: number): Promise<boolean> {
    const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** A new secret signs from now on; the one it replaces signs beside it until `overlapUntil`. */
  async rotateSecret(
    db: Db,
    id: number,
    secret: string,
    { now, overlapUntil }: { now: Date; overlapUntil: Date },
  ): Promise<WebhookRow | undefined> {
    const row = await db
      .updateTable('webhook_endpoints')
      .set((eb) => ({
        previous_secret: eb.ref('secret'),
        previous_secret_expires_at: overlapUntil,
        secret,
        updated_at: now,
      }))
      .where('id', '=', id)
      .returning(LISTED)
      .executeTakeFirst();
    return row as WebhookRow | undefined;
  },

  /** The endpoint's place in the feed, its row locked until the transaction ends. */
  async lockPlace(trx: Db, id: number): Promise<WebhookPlace | undefined> {
    return trx
      .selectFrom('webhook_endpoints')
      .select(['cursor', 'replay_until'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  async setPlace(db: Db, id: number, place: WebhookPlace): Promise<void> {
    await db.updateTable('webhook_endpoints').set(place).where('id', '=', id).execute();
  },
};
