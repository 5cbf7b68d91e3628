import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBUSER_SORT_FIELDS, SubusersQuery, type Subuser } from '@clearport/contract/subusers';
import { planWithoutScansOrSorts } from '../../../test/query-plans.ts';
import { testAppForFile } from '../../../test/build-app.ts';
import { subusersRepository } from './subusers.repository.ts';
import { LARGE_COMPANY_USERS, pageOfUsers } from './subusers.rules.ts';

/*
 * The users list in SQL (migration 0033) against the plain order of subusers.rules.ts, on a
 * company of 130 users whose names, positions and accounts tie: every page read by number, by
 * stepping forward from each page's last user and backward from each page's first, is the plain
 * order's page; and each order reaches its index.
 */

const t = testAppForFile();
const USERS = 130;
const NAMES = ['Ann Lee', 'ann lee', 'ANN LEE', 'Bob Ray', 'bob ray', 'Zoë', 'Cy'];
const ROLES = [3, 4, 5, 5, 11] as const;
const ACCOUNT_SETS = [[], ['K-1'], ['K-1'], ['K-2', 'k-3'], ['K-1', 'K-2', 'k-3'], ['k-3']];

let companyId: number;
let accountIds: Record<string, number>;
let everyone: Subuser[];

beforeAll(async () => {
  const db = t.app.db;
  ({ id: companyId } = await db
    .insertInto('companies')
    .values({ name: 'Keyset Users Co' })
    .returning('id')
    .executeTakeFirstOrThrow());
  const accounts = await db
    .insertInto('accounts')
    .values(['K-1', 'K-2', 'k-3'].map((account_no) => ({ company_id: companyId, account_no, name: account_no })))
    .returning(['id', 'account_no'])
    .execute();
  accountIds = Object.fromEntries(accounts.map((account) => [account.account_no, account.id]));
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: USERS }, (_, n) => ({
        company_id: companyId,
        name: NAMES[n % NAMES.length]!,
        // Every fifth e-mail ties another's but for its case and its number.
        email: n % 5 === 0 ? `Same${n}@keyset.test` : `user${(n * 37) % USERS}@keyset.test`,
        password_hash: 'not a hash',
        role: n < 2 ? 3 : ROLES[n % ROLES.length]!,
        active: n % 4 !== 0,
      })),
    )
    .returning(['id', 'role'])
    .execute();
  const links = users.flatMap((user, n) =>
    user.role === 3
      ? []
      : ACCOUNT_SETS[n % ACCOUNT_SETS.length]!.map((no) => ({ user_id: user.id, account_id: accountIds[no]! })),
  );
  await db.insertInto('user_accounts').values(links).execute();
  await sql`VACUUM ANALYZE users`.execute(db);
  everyone = await readEveryone();
});

async function readEveryone(): Promise<Subuser[]> {
  const ids = await t.app.db.selectFrom('users').select('id').where('company_id', '=', companyId).execute();
  const found = await Promise.all(ids.map(({ id }) => subusersRepository.findOfCompany(t.app.db, companyId, id)));
  return found.map((user) => user!);
}

const ids = (users: readonly Subuser[]) => users.map((user) => user.id);
const VARIANTS: ReadonlyArray<Record<string, unknown>> = [{}, { filter: 5 }, { search: 'AN' }, { search: 'k-2' }];
const CASES = SUBUSER_SORT_FIELDS.flatMap((field) =>
  (['asc', 'desc'] as const).flatMap((order_by) =>
    VARIANTS.map(
      (variant) => [`${field} ${order_by} ${JSON.stringify(variant)}`, { field, order_by, ...variant }] as const,
    ),
  ),
);

describe('the users list in SQL', () => {
  it('reads the users the plain order reads, the accounts kept on the row included', () => {
    expect(everyone).toHaveLength(USERS);
    const primary = everyone.find((user) => user.role === 3)!;
    expect(primary.account_no).toBe('K-1, K-2, k-3');
    expect(primary.linked_users).toEqual(ids(everyone.filter((user) => user.role !== 3)).sort((a, b) => a - b));
  });

  it.each(CASES)('pages by number and by keyset steps both ways as the plain order: %s', async (_, input) => {
    const query = (extra: Record<string, unknown> = {}) => SubusersQuery.parse({ ...input, ...extra });
    const plain = (page: number) => pageOfUsers(everyone, query({ page }));
    const lastPage = plain(1).pagination.last_page;
    const list = (extra: Record<string, unknown>) =>
      subusersRepository.listOfCompany(t.app.db, companyId, query(extra));

    for (let page = 1; page <= lastPage; page++) {
      expect(await list({ page })).toEqual(plain(page));
    }
    let shown = await list({ page: 1 });
    for (let page = 2; page <= lastPage; page++) {
      shown = await list({ page, after: shown.users.at(-1)!.id });
      expect(shown).toEqual(plain(page));
    }
    shown = await list({ page: lastPage });
    for (let page = lastPage - 1; page >= 1; page--) {
      shown = await list({ page, before: shown.users[0]!.id });
      expect(shown).toEqual(plain(page));
    }
    const past = await list({ page: lastPage + 1, after: (await list({ page: lastPage })).users.at(-1)?.id ?? 1 });
    expect(past.users).toEqual([]);
  });

  it('searches a company above LARGE_COMPANY_USERS through the trigram index as the plain order does', async () => {
    const db = t.app.db;
    const { id: largeId } = await db
      .insertInto('companies')
      .values({ name: 'Large Users Co' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO users (company_id, name, email, password_hash, role)
      SELECT ${largeId}::int, CASE WHEN n % 90 = 0 THEN 'Rare Keller' ELSE 'Common Name' END,
        'large' || n || '@keyset.test', 'not a hash', 5
      FROM generate_series(1, ${LARGE_COMPANY_USERS + 5}::int) n`.execute(db);
    const ids = await db.selectFrom('users').select('id').where('company_id', '=', largeId).execute();
    const all = await Promise.all(ids.map(({ id }) => subusersRepository.findOfCompany(db, largeId, id)));
    for (const search of ['keller', 'RARE K', 'ke', '%']) {
      const query = SubusersQuery.parse({ search });
      const page = await subusersRepository.listOfCompany(db, largeId, query);
      expect(page, search).toEqual(
        pageOfUsers(
          all.map((user) => user!),
          query,
        ),
      );
    }
    const plan = await db
      .transaction()
      .execute((trx) =>
        planWithoutScansOrSorts(
          trx,
          subusersRepository.listQuery(db, largeId, SubusersQuery.parse({ search: 'keller' })),
        ),
      );
    expect(plan).toContain('users_search_idx');
  });

  it('reads nothing after a user of another company', async () => {
    const other = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '<>', companyId)
      .executeTakeFirstOrThrow();
    const page = await subusersRepository.listOfCompany(t.app.db, companyId, SubusersQuery.parse({ after: other.id }));
    expect(page.users).toEqual([]);
    expect(page.pagination.total).toBe(USERS);
  });

  it('keeps each user’s account list and the company’s counts through links, accounts and changes of position', async () => {
    const db = t.app.db;
    const user = everyone.find((each) => each.role === 5 && each.linked_accounts.length === 0)!;
    const listOf = async (id: number) =>
      (await db.selectFrom('users').select('account_list').where('id', '=', id).executeTakeFirstOrThrow()).account_list;
    const primaryId = everyone.find((each) => each.role === 3)!.id;

    await db.insertInto('user_accounts').values({ user_id: user.id, account_id: accountIds['k-3']! }).execute();
    expect(await listOf(user.id)).toBe('k-3');
    await db.updateTable('accounts').set({ account_no: 'A-0' }).where('id', '=', accountIds['k-3']!).execute();
    expect(await listOf(user.id)).toBe('A-0');
    expect(await listOf(primaryId)).toBe('A-0, K-1, K-2');
    const added = await db
      .insertInto('accounts')
      .values({ company_id: companyId, account_no: 'Z-9', name: 'Z-9' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await listOf(primaryId)).toBe('A-0, K-1, K-2, Z-9');
    await db.deleteFrom('accounts').where('id', '=', added.id).execute();
    await db.updateTable('accounts').set({ account_no: 'k-3' }).where('id', '=', accountIds['k-3']!).execute();
    await db.deleteFrom('user_accounts').where('user_id', '=', user.id).execute();
    expect(await listOf(user.id)).toBe('');
    expect(await listOf(primaryId)).toBe('K-1, K-2, k-3');
    await db.updateTable('users').set({ role: 3 }).where('id', '=', user.id).execute();
    expect(await listOf(user.id)).toBe('K-1, K-2, k-3');
    await db.updateTable('users').set({ role: 5 }).where('id', '=', user.id).execute();
    expect(await listOf(user.id)).toBe('');
    await db.deleteFrom('users').where('id', '=', user.id).execute();

    const kept = await db
      .selectFrom('company_user_counts')
      .select(['role', 'users'])
      .where('company_id', '=', companyId)
      .where('users', '>', 0)
      .orderBy('role')
      .execute();
    const counted = await db
      .selectFrom('users')
      .select(['role', sql<number>`count(*)::int`.as('users')])
      .where('company_id', '=', companyId)
      .groupBy('role')
      .orderBy('role')
      .execute();
    expect(kept).toEqual(counted);
  });

  it.each(SUBUSER_SORT_FIELDS.flatMap((field) => [[field, 'asc'] as const, [field, 'desc'] as const]))(
    'reads the order %s %s from its index',
    async (field, order_by) => {
      const index = `users_list_${field === 'account_no' ? 'accounts' : field}${order_by === 'desc' ? '_desc' : ''}_idx`;
      for (const extra of [{}, { after: everyone[7]!.id }, { before: everyone[7]!.id }]) {
        const compiled = subusersRepository.listQuery(
          t.app.db,
          companyId,
          SubusersQuery.parse({ field, order_by, ...extra }),
        );
        const plan = await t.app.db.transaction().execute((trx) => planWithoutScansOrSorts(trx, compiled));
        // On the test's few rows the planner may read the field's index of the other direction and
        // sort the page, or, where the database's collation is C (PGlite), the unique index of lower(email).
        const indexes = [index, index.replace(/(_desc)?_idx$/, order_by === 'asc' ? '_desc_idx' : '_idx')];
        if (field === 'email') indexes.push('users_email_key');
        expect(
          indexes.some((name) => plan.includes(name)),
          `${JSON.stringify(extra)}\n${plan}`,
        ).toBe(true);
      }
    },
  );
});
