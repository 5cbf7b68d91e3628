import { sql } from 'kysely';
import { ROLES } from '@clearport/contract/roles';
import { toFlag } from '@clearport/contract/http';
import type { Subuser } from '@clearport/contract/subusers';
import type { Db } from '../../db/connect.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';

type UserRow = { id: number; name: string; email: string; role: number; active: boolean };

/** The users of a company as the contract writes them; a primary user's accounts are all the company's. */
function toSubusers(
  users: readonly UserRow[],
  links: ReadonlyArray<{ user_id: number; account_no: string }>,
  companyAccounts: readonly string[],
): Subuser[] {
  const linksOf = new Map<number, string[]>();
  for (const link of links) linksOf.set(link.user_id, [...(linksOf.get(link.user_id) ?? []), link.account_no]);
  const subuserIds = users.filter((user) => user.role !== ROLES.primary).map((user) => user.id);
  return users.map((user) => {
    const isPrimary = user.role === ROLES.primary;
    const accounts = isPrimary ? [...companyAccounts] : (linksOf.get(user.id) ?? []);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      active: toFlag(user.active),
      linked_accounts: accounts,
      linked_users: isPrimary ? subuserIds : [],
      account_no: accounts.join(', '),
    };
  });
}

export type NewUser = { name: string; email: string; passwordHash: string; role: number };

export const subusersRepository = {
  /** Every user of the company, primary users included, with their linked accounts. */
  async listOfCompany(db: Db, companyId: number): Promise<Subuser[]> {
    const [users, links, accounts] = await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'role', 'active'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('user_accounts')
        .innerJoin('accounts', 'accounts.id', 'user_accounts.account_id')
        .innerJoin('users', 'users.id', 'user_accounts.user_id')
        .select(['user_accounts.user_id', 'accounts.account_no'])
        .where('users.company_id', '=', companyId)
        // A link to another company's account gives nothing (the access check), so it is not shown.
        .where('accounts.company_id', '=', companyId)
        .orderBy('accounts.account_no')
        .execute(),
      db
        .selectFrom('accounts')
        .select('account_no')
        .where('company_id', '=', companyId)
        .orderBy('account_no')
        .execute(),
    ]);
    return toSubusers(
      users,
      links,
      accounts.map((account) => account.account_no),
    );
  },

  /** One user of the company, or undefined (another company's user answers 404). A company has few users. */
  async findOfCompany(db: Db, companyId: number, userId: number): Promise<Subuser | undefined> {
    const users = await subusersRepository.listOfCompany(db, companyId);
    return users.find((user) => user.id === userId);
  },

  /**
   * Locks the user's row for the rest of the transaction, so two edits of one user take turns,
   * and reads the user as they are now (links change only under this lock), or undefined.
   */
  async lockOfCompany(db: Db, companyId: number, userId: number): Promise<Subuser | undefined> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('company_id', '=', companyId)
      .forUpdate()
      .executeTakeFirst();
    return row && subusersRepository.findOfCompany(db, companyId, userId);
  },

  /** Whether another user already has this user name, compared without case. */
  async isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
    let query = db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase());
    if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  async create(db: Db, companyId: number, user: NewUser): Promise<number> {
    const row = await db
      .insertInto('users')
      .values({
        company_id: companyId,
        name: user.name,
        email: user.email,
        password_hash: user.passwordHash,
        role: user.role,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(
    db: Db,
    userId: number,
    changes: Partial<{ name: string; email: string; role: number; active: boolean }>,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', userId)
      .execute();
  },

  /** Links the user to exactly these accounts of the company. */
  async replaceLinks(db: Db, companyId: number, userId: number, accountNos: readonly string[]): Promise<void> {
    await db.deleteFrom('user_accounts').where('user_id', '=', userId).execute();
    if (accountNos.length === 0) return;
    await db
      .insertInto('user_accounts')
      .columns(['user_id', 'account_id'])
      .expression(
        db
          .selectFrom('accounts')
          .select([sql<number>`${userId}::integer`.as('user_id'), 'id'])
          .where('company_id', '=', companyId)
          .where('account_no', 'in', [...accountNos]),
      )
      .execute();
  },

  /** Deletes the user; their sessions, links and reset links go with them (foreign keys). */
  async delete(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('users').where('id', '=', userId).execute();
  },

  /** The newest changes to users of every company, newest first, for the broker. */
  async listChanges(db: Db, limit: number) {
    return db
      .selectFrom('user_changes')
      .innerJoin('companies', 'companies.id', 'user_changes.company_id')
      .leftJoin('users as changer', 'changer.id', 'user_changes.changed_by')
      .select([
        'user_changes.id',
        'user_changes.created_at',
        'companies.name as company',
        'user_changes.user_email',
        'changer.email as changed_by',
        'user_changes.action',
        'user_changes.detail',
      ])
      .orderBy('user_changes.created_at', 'desc')
      .orderBy('user_changes.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Records a change to a user (activity/user-changes.repository.ts). */
  recordChange: userChangesRepository.record,
};
