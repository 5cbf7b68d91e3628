import { sql, type Selectable } from 'kysely';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import type { SettingsTruckerInput } from '@clearport/contract/settings';
import type { Trucker, TruckerInput } from '@clearport/contract/truckers';
import type { Db } from '../../db/connect.ts';
import type { TruckersTable } from '../../db/schema.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import type { Usage } from './settings.rules.ts';

/**
 * The company's truckers. A trucker has one e-mail row: its address and CC list (the spec reads
 * only the first entry of trucker_emails).
 */

async function withEmails(db: Db, rows: ReadonlyArray<Selectable<TruckersTable>>): Promise<Trucker[]> {
  if (rows.length === 0) return [];
  const emails = await db
    .selectFrom('trucker_emails')
    .select(['trucker_id', 'email', 'cc_emails'])
    .where(
      'trucker_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    status: row.status,
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
    trucker_emails: emails
      .filter((email) => email.trucker_id === row.id)
      .map((email) => ({ email: email.email, cc_emails: email.cc_emails })),
  }));
}

export const truckersRepository = {
  /**
   * These truckers whatever their company or state: for ids reached through the access check
   * already (an order's trucker), deleted ones included.
   */
  async byIds(db: Db, ids: readonly number[]): Promise<Trucker[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('truckers')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
    return withEmails(db, rows);
  },

  /** The company's truckers that are not deleted, active or not, oldest first. */
  async listOf(db: Db, user: SessionUser): Promise<Trucker[]> {
    const rows = await accessRepository
      .truckers(db, user)
      .selectAll('truckers')
      .where('truckers.deleted_at', 'is', null)
      .orderBy('truckers.id')
      .execute();
    return withEmails(db, rows);
  },

  /** Whether the id is one of the company's active truckers: the only ones a new choice may name. */
  async isActive(db: Db, user: SessionUser, truckerId: number): Promise<boolean> {
    const row = await accessRepository
      .truckers(db, user)
      .select('truckers.id')
      .where('truckers.id', '=', truckerId)
      .where('truckers.status', '=', ACTIVE_STATUS)
      .where('truckers.deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Creates each trucker, active unless its status says otherwise, inside the caller's transaction. */
  async createIn(
    trx: Db,
    user: SessionUser,
    inputs: ReadonlyArray<TruckerInput & { status?: number }>,
  ): Promise<Trucker[]> {
    const rows = await trx
      .insertInto('truckers')
      .values(
        inputs.map((input) => ({
          company_id: user.companyId,
          name: input.name,
          status: input.status ?? ACTIVE_STATUS,
        })),
      )
      .returningAll()
      .execute();
    await trx
      .insertInto('trucker_emails')
      .values(
        rows.map((row, index) => ({
          trucker_id: row.id,
          email: inputs[index]!.email,
          cc_emails: inputs[index]!.cc_emails,
        })),
      )
      .execute();
    return withEmails(trx, rows);
  },

  /**
   * The ids of the company's truckers that are not deleted, locked until the transaction ends so
   * that no order can take one while the Settings screen's save decides its fate.
   */
  async lockIdsOf(trx: Db, user: SessionUser): Promise<number[]> {
    const rows = await accessRepository
      .truckers(trx, user)
      .select('truckers.id')
      .where('truckers.deleted_at', 'is', null)
      .orderBy('truckers.id')
      .forUpdate()
      .execute();
    return rows.map((row) => row.id);
  },

  /** How many unsent and sent delivery orders name each of these truckers. */
  async usage(db: Db, ids: readonly number[]): Promise<Map<number, Usage>> {
    return orderUsage(db, 'trucker_id', ids);
  },

  /** Replaces an existing trucker's name, addresses and (when sent) status. */
  async update(trx: Db, id: number, input: SettingsTruckerInput): Promise<void> {
    await trx
      .updateTable('truckers')
      .set({ name: input.name, ...(input.status === undefined ? {} : { status: input.status }) })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('trucker_emails').where('trucker_id', '=', id).execute();
    await trx
      .insertInto('trucker_emails')
      .values({ trucker_id: id, email: input.email, cc_emails: input.cc_emails })
      .execute();
  },

  /** Kept for the sent orders that name them, out of every list: they show with (Deleted). */
  async markDeleted(trx: Db, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('truckers')
      .set({ deleted_at: sql<Date>`now()` })
      .where('id', 'in', [...ids])
      .execute();
  },

  /** Removes truckers no order names, with their addresses. */
  async remove(trx: Db, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .deleteFrom('truckers')
      .where('id', 'in', [...ids])
      .execute();
  },
};

/** Unsent and sent delivery orders naming each id in `column`; ids no order names are absent. */
export async function orderUsage(
  db: Db,
  column: 'trucker_id' | 'warehouse_id',
  ids: readonly number[],
): Promise<Map<number, Usage>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('delivery_orders')
    .select([
      `${column} as id`,
      sql<number>`count(*) FILTER (WHERE sent_at IS NULL)::int`.as('unsent'),
      sql<number>`count(*) FILTER (WHERE sent_at IS NOT NULL)::int`.as('sent'),
    ])
    .where(column, 'in', [...ids])
    .groupBy(column)
    .execute();
  return new Map(rows.map((row) => [row.id, { unsentOrders: row.unsent, sentOrders: row.sent }]));
}
