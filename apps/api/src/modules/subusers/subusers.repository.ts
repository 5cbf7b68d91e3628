import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Pagination, SortDirection } from '@clearport/contract/http';
import type { Subuser, SubusersQuery } from '@clearport/contract/subusers';
import { SUBUSERS_PAGE_SIZE } from '@clearport/contract/subusers';
import type { Db } from '../../db/connect.ts';
import { readFromNearerEnd } from '../../db/page-by-number.ts';
import { executePrepared } from '../../db/prepared-statements.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';
import {
  LARGE_COMPANY_USERS,
  reversed,
  USER_SORT_KEYS,
  userListConditions,
  userListPagination,
  userListReading,
  userSearchOf,
} from './subusers.rules.ts';

/*
 * The users list in SQL (docs/decisions/0028-users-list-in-sql.md): one statement reads the page
 * of one company's users from the index of the asked order (from a user's place on, when the
 * pager steps by keyset), counts the matching users, and writes each user of the page as the
 * contract's Subuser; a user by id reads that user alone.
 */

/**
 * The user `u` of company `companyId` as the contract writes them. A primary user sees all the
 * company's accounts and lists its sub-users; a link to another company's account gives nothing
 * (the access check), so it is not shown.
 */
function subuserJson(companyId: number) {
  const linkedAccounts = sql`CASE WHEN u.role = 3
      THEN (SELECT array_agg(a.account_no ORDER BY a.account_no) FROM accounts a WHERE a.company_id = ${companyId})
      ELSE (SELECT array_agg(a.account_no ORDER BY a.account_no)
        FROM user_accounts ua CROSS JOIN LATERAL (
          SELECT accounts.account_no FROM accounts WHERE accounts.id = ua.account_id AND accounts.company_id = ${companyId}
        ) a
        WHERE ua.user_id = u.id)
    END`;
  return sql`(SELECT json_build_object(
      'id', u.id,
      'name', u.name,
      'email', u.email,
      'role', u.role,
      'active', CASE WHEN u.active THEN 1 ELSE 0 END,
      'linked_accounts', coalesce(accounts.list, '{}'),
      'linked_users', CASE WHEN u.role = 3
        THEN coalesce((SELECT array_agg(s.id ORDER BY s.id) FROM users s
          WHERE s.company_id = ${companyId} AND s.role <> 3), '{}')
        ELSE '{}' END,
      'account_no', coalesce(array_to_string(accounts.list, ', '), '')
    ) FROM (SELECT ${linkedAccounts} AS list) accounts)`;
}

const and = (conditions: readonly RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` AND `);

/** How many users the position filter selects, without a search: a sum of the company's counter rows (migration 0033). */
function totalOf(companyId: number, query: SubusersQuery) {
  const position = query.filter === undefined ? sql`true` : sql`c.role = ${query.filter}`;
  return sql`SELECT coalesce(sum(c.users), 0)::int AS n FROM company_user_counts c
    WHERE c.company_id = ${companyId} AND ${position}`;
}

type ListRow = { total: number; subuser: Subuser | null };

export type NewUser = { name: string; email: string; passwordHash: string; role: number };

export const subusersRepository = {
  /** The list's statement (the tests read its plan, the bench times it alone). */
  listQuery(db: Db, companyId: number, query: SubusersQuery): CompiledQuery<ListRow> {
    const key = USER_SORT_KEYS[query.field];
    const { keyDirection, idDirection, cursorId, offset } = userListReading(query);
    const matching = and([sql`users.company_id = ${companyId}`, ...userListConditions(query)]);
    const orderOf = (keyOrder: SortDirection, idOrder: SortDirection, id: RawBuilder<unknown>) =>
      sql.raw(`${keyOrder.toUpperCase()}, ${id.compile(db).sql} ${idOrder.toUpperCase()}`);
    const shownOrder = sql.raw(`${query.order_by.toUpperCase()}, shown.id ASC`);
    // After the cursor user's place: an id of no user of the company (another's, deleted) reads nothing.
    const fromCursor = (rowKey: RawBuilder<unknown>, rowId: RawBuilder<unknown>) => {
      if (cursorId === undefined) return sql`true`;
      const at = sql`(SELECT ${key} FROM users WHERE users.id = ${cursorId} AND users.company_id = ${companyId})`;
      const beyond = sql.raw(keyDirection === 'asc' ? '>' : '<');
      const idBeyond = sql.raw(idDirection === 'asc' ? '>' : '<');
      return sql`${rowKey} ${beyond}= ${at} AND (${rowKey} ${beyond} ${at} OR ${rowId} ${idBeyond} ${cursorId})`;
    };
    let page: RawBuilder<unknown>;
    if (query.search) {
      // The matching users once; the page and the total from them.
      const companyUsers = sql`(SELECT coalesce(sum(c.users), 0) FROM company_user_counts c WHERE c.company_id = ${companyId})`;
      const isLarge = query.search.length >= 3 ? sql`${companyUsers} > ${sql.lit(LARGE_COMPANY_USERS)}` : sql`false`;
      const matchesBy = (searchBy: 'trigrams' | 'entries', when: RawBuilder<unknown>) =>
        sql`SELECT users.id, ${key} AS sort_key FROM users
          WHERE ${when} AND ${and([userSearchOf(companyId, query.search!, searchBy), ...userListConditions(query)])}`;
      page = sql`matches AS MATERIALIZED (
          ${matchesBy('entries', sql`NOT ${isLarge}`)}
          UNION ALL
          ${matchesBy('trigrams', isLarge)}
        ),
        total AS MATERIALIZED (SELECT count(*)::int AS n FROM matches),
        page AS MATERIALIZED (
          SELECT matches.id, matches.sort_key FROM matches
          WHERE ${fromCursor(sql`matches.sort_key`, sql`matches.id`)}
          ORDER BY matches.sort_key ${orderOf(keyDirection, idDirection, sql`matches.id`)}
          LIMIT ${SUBUSERS_PAGE_SIZE} OFFSET ${offset}
        )`;
    } else if (cursorId !== undefined) {
      page = sql`total AS MATERIALIZED (${totalOf(companyId, query)}),
        page AS MATERIALIZED (
          SELECT users.id, ${key} AS sort_key FROM users
          WHERE ${matching} AND ${fromCursor(key, sql`users.id`)}
          ORDER BY ${key} ${orderOf(keyDirection, idDirection, sql`users.id`)}
          LIMIT ${SUBUSERS_PAGE_SIZE}
        )`;
    } else {
      // A page by number is counted from the nearer end of the company's index entries: the
      // last page reads 50 of them as the first does.
      const pageRows = readFromNearerEnd(
        { offset, perPage: SUBUSERS_PAGE_SIZE, total: sql`(SELECT n FROM total)` },
        (isReversed, { skip, take }) => {
          const inOrder = isReversed
            ? orderOf(reversed(query.order_by), 'desc', sql`users.id`)
            : orderOf(query.order_by, 'asc', sql`users.id`);
          return sql`SELECT users.id, ${key} AS sort_key FROM users WHERE ${matching}
            ORDER BY ${key} ${inOrder} LIMIT ${take} OFFSET ${skip}`;
        },
      );
      page = sql`total AS MATERIALIZED (${totalOf(companyId, query)}),
        page AS MATERIALIZED (${pageRows})`;
    }
    return sql<ListRow>`
      WITH ${page}
      SELECT total.n AS total, shown.subuser
      FROM total LEFT JOIN LATERAL (
        SELECT ${subuserJson(companyId)} AS subuser, page.sort_key, page.id
        FROM page JOIN users u ON u.id = page.id
      ) shown ON true
      ORDER BY shown.sort_key ${shownOrder}`.compile(db);
  },

  /**
   * One page of the company's users, primary users included, in the asked order and filters:
   * page by number, or the page after (or before) a user's place.
   */
  async listOfCompany(
    db: Db,
    companyId: number,
    query: SubusersQuery,
  ): Promise<{ users: Subuser[]; pagination: Pagination }> {
    const rows = await executePrepared(db, subusersRepository.listQuery(db, companyId, query));
    return {
      users: rows.flatMap((row) => (row.subuser ? [row.subuser] : [])),
      pagination: userListPagination(rows[0]?.total ?? 0, query.page),
    };
  },

  /** One user of the company, or undefined (another company's user answers 404); read alone. */
  async findOfCompany(db: Db, companyId: number, userId: number): Promise<Subuser | undefined> {
    const rows = await executePrepared(
      db,
      sql<{ subuser: Subuser }>`SELECT ${subuserJson(companyId)} AS subuser FROM users u
        WHERE u.id = ${userId} AND u.company_id = ${companyId}`.compile(db),
    );
    return rows[0]?.subuser;
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
