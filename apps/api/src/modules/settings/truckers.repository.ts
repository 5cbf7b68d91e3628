import { sql, type Selectable } from 'kysely';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import type { SettingsTruckerInput } from '@clearport/contract/settings';
import type { Trucker, TruckerInput } from '@clearport/contract/truckers';
import type { Db } from '../../db/connect.ts';
import type { TruckersTable } from '../../db/schema.ts';
import type { SessionUser } from '../access/session-user.ts';
import { companyListRepository } from './company-lists.repository.ts';

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
  /** byIds, listOf, isActive, lockIdsOf, usage, markDeleted and remove, as for warehouses. */
  ...companyListRepository('truckers', withEmails),

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
   * Replaces existing truckers' names, addresses and (when sent) statuses, in three statements
   * however many there are.
   */
  async updateAll(trx: Db, inputs: ReadonlyArray<SettingsTruckerInput & { id: number }>): Promise<void> {
    if (inputs.length === 0) return;
    const ids = inputs.map((input) => input.id);
    await sql`UPDATE truckers SET name = sent.name, status = coalesce(sent.status, truckers.status)
      FROM unnest(${ids}::int[], ${inputs.map((input) => input.name)}::text[],
        ${inputs.map((input) => input.status ?? null)}::int[]) AS sent(id, name, status)
      WHERE truckers.id = sent.id`.execute(trx);
    await trx.deleteFrom('trucker_emails').where('trucker_id', 'in', ids).execute();
    await trx
      .insertInto('trucker_emails')
      .values(inputs.map((input) => ({ trucker_id: input.id, email: input.email, cc_emails: input.cc_emails })))
      .execute();
  },
};
