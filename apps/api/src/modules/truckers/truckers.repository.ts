import type { Selectable } from 'kysely';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import type { Trucker, TruckerInput } from '@clearport/contract/truckers';
import type { Db } from '../../db/connect.ts';
import type { TruckersTable } from '../../db/schema.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';

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

  /** Creates each trucker, active, with its e-mail row, in one transaction; in the order given. */
  async create(db: Db, user: SessionUser, inputs: readonly TruckerInput[]): Promise<Trucker[]> {
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('truckers')
        .values(inputs.map((input) => ({ company_id: user.companyId, name: input.name, status: ACTIVE_STATUS })))
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
    });
  },
};
