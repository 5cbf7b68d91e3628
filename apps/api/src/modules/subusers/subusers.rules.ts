import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { textContains, textLike } from '../../lib/search-text.ts';
import { ROLES } from '@clearport/contract/roles';
import {
  canChangeUser,
  SUBUSER_ERRORS,
  SUBUSERS_PAGE_SIZE,
  type Subuser,
  type SubuserSortField,
  type SubusersQuery,
  type SubuserUpdateRequest,
} from '@clearport/contract/subusers';
import type { Pagination, SortDirection } from '@clearport/contract/http';
import type { Refusal } from '../../lib/refusal.ts';

/**
 * What the users screen may change of how a user signs in: their e-mail, their password, a link
 * to set one, and (`resetsSecondFactor`) their second factor.
 */
export type SignInChanges = Pick<SubuserUpdateRequest, 'email' | 'password' | 'send_password_link'> & {
  resetsSecondFactor?: boolean;
};

/** Why the caller may not change `target`, or undefined when they may. */
export function editRefusal(
  callerId: number,
  target: { id: number; role: number; email: string },
  changes: Pick<SubuserUpdateRequest, 'role' | 'active'> & SignInChanges,
): Refusal | undefined {
  if (target.role === ROLES.primary) return { status: 403, message: SUBUSER_ERRORS.primaryLocked };
  if (callerId !== target.id) return undefined;
  const changesOwnRole = changes.role !== undefined && changes.role !== target.role;
  if (changesOwnRole || changes.active === 0) {
    return { status: 403, message: SUBUSER_ERRORS.cannotChangeOwnAccess };
  }
  const changesOwnEmail = changes.email !== undefined && changes.email.toLowerCase() !== target.email.toLowerCase();
  if (changesOwnEmail || changes.password !== undefined || changes.send_password_link || changes.resetsSecondFactor) {
    return { status: 403, message: SUBUSER_ERRORS.ownSignInInSettings };
  }
  return undefined;
}

/** Why the caller may not delete `target`, or undefined when they may. */
export function deleteRefusal(callerId: number, target: { id: number; role: number }): Refusal | undefined {
  if (target.role === ROLES.primary) return { status: 403, message: SUBUSER_ERRORS.primaryLocked };
  if (callerId === target.id) return { status: 403, message: SUBUSER_ERRORS.cannotDeleteSelf };
  return undefined;
}

/**
 * Why a caller who sees `callerAccounts` may not edit or delete `target` at all, or undefined
 * when they may: a user linked to an account the caller does not see is another's to manage,
 * or a manager could take the user over (a new password, their e-mail) and so see that account.
 */
export function outsideAccountsRefusal(
  target: { linked_accounts: readonly string[] },
  callerAccounts: readonly string[],
): Refusal | undefined {
  if (canChangeUser(target.linked_accounts, callerAccounts)) return undefined;
  return { status: 403, message: SUBUSER_ERRORS.outsideAccounts };
}

/** The requested account numbers that the caller may not link, in the order asked. */
export function unlinkableAccounts(requested: readonly string[], linkable: readonly string[]): string[] {
  const allowed = new Set(linkable);
  return [...new Set(requested)].filter((accountNo) => !allowed.has(accountNo));
}

/**
 * The user's accounts after an edit: the requested ones, plus the links the caller cannot see,
 * which the editor never showed and so cannot have meant to remove. (A caller may only edit a
 * user whose links they all see, outsideAccountsRefusal, so today none are kept.)
 */
export function nextLinkedAccounts(
  current: readonly string[],
  requested: readonly string[],
  linkable: readonly string[],
): string[] {
  const allowed = new Set(linkable);
  const kept = current.filter((accountNo) => !allowed.has(accountNo));
  return [...new Set([...kept, ...requested])].sort();
}

/*
 * The users list's filter, search and order, once each, as SQL on `users`. Migration 0033 has
 * an index for each order and direction on the same expressions (subusers.repository.test.ts
 * checks the plans reach them). Text sorts case-insensitively and byte-wise; ties are by id,
 * ascending in both directions.
 */

/** The sort key of each column; `account_no` is the kept `account_list`. */
export const USER_SORT_KEYS: Record<SubuserSortField, RawBuilder<unknown>> = {
  name: sql`lower(users.name) COLLATE "C"`,
  email: sql`lower(users.email) COLLATE "C"`,
  role: sql`users.role`,
  account_no: sql`lower(users.account_list) COLLATE "C"`,
};

/** The position filter, the search aside. */
export function userListConditions(query: Pick<SubusersQuery, 'filter'>): RawBuilder<SqlBool>[] {
  return query.filter === undefined ? [] : [sql<SqlBool>`users.role = ${query.filter}`];
}

/**
 * Above this many users a company's search of three characters or more is answered by the
 * trigram index of migration 0033; up to it, or for shorter text (no trigram to look up), by
 * reading the company's own index entries, which carry `search_text`.
 */
export const LARGE_COMPANY_USERS = 1_000;

/**
 * The search (name, e-mail or account number, ignoring case) on `search_text` (migration 0033):
 * the company's rows through the trigram index (`trigrams`: the company as that index has it),
 * or the company's entries of the order's index (`entries`). The text is lower-cased once a
 * statement.
 */
export function userSearchOf(companyId: number, search: string, searchBy: 'trigrams' | 'entries'): RawBuilder<SqlBool> {
  return searchBy === 'trigrams'
    ? sql<SqlBool>`users.company_id::bigint = ${companyId}::bigint AND ${textLike(sql`users.search_text`, search)}`
    : sql<SqlBool>`users.company_id = ${companyId} AND ${textContains(sql`users.search_text`, search)}`;
}

export const reversed = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');

/**
 * How a page is read: the key's direction and the id's, reversed before a cursor (reading before
 * a place is reading after it in the reverse order; the rows are put back in order at the end),
 * and how many rows are skipped (none from a cursor).
 */
export function userListReading(query: Pick<SubusersQuery, 'order_by' | 'page' | 'before' | 'after'>) {
  const isBefore = query.before !== undefined;
  return {
    keyDirection: isBefore ? reversed(query.order_by) : query.order_by,
    idDirection: isBefore ? ('desc' as const) : ('asc' as const),
    cursorId: query.after ?? query.before,
    offset: query.after === undefined && query.before === undefined ? (query.page - 1) * SUBUSERS_PAGE_SIZE : 0,
  };
}

/** The page and its numbers as the spec's reply writes them. */
export function userListPagination(total: number, page: number): Pagination {
  return {
    total,
    last_page: Math.max(1, Math.ceil(total / SUBUSERS_PAGE_SIZE)),
    current_page: page,
    per_page: SUBUSERS_PAGE_SIZE,
  };
}

function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left < right) return -1;
  if (left > right) return 1;
  return 0;
}

/**
 * The list's order and paging in plain code over users already read, as the SQL above reads
 * them: the position filter, the search (name, e-mail and account number, ignoring case), the
 * order (case-insensitive, ties by id) and the page. The repository's tests hold the SQL to it.
 */
export function pageOfUsers(
  users: readonly Subuser[],
  query: SubusersQuery,
): { users: Subuser[]; pagination: Pagination } {
  const search = query.search?.toLowerCase() ?? '';
  const matching = users.filter(
    (user) =>
      (query.filter === undefined || user.role === query.filter) &&
      (search === '' ||
        user.name.toLowerCase().includes(search) ||
        user.email.toLowerCase().includes(search) ||
        user.account_no.toLowerCase().includes(search)),
  );
  const direction = query.order_by === 'desc' ? -1 : 1;
  const sorted = matching.toSorted((a, b) => {
    const byField =
      query.field === 'role' ? a.role - b.role : compareText(String(a[query.field]), String(b[query.field]));
    return byField !== 0 ? byField * direction : a.id - b.id;
  });
  const start = (query.page - 1) * SUBUSERS_PAGE_SIZE;
  return {
    users: sorted.slice(start, start + SUBUSERS_PAGE_SIZE),
    pagination: userListPagination(sorted.length, query.page),
  };
}

/** What an edit changed, for the record of changes: never a password, only that it changed. */
export function changesOf(
  before: { name: string; email: string; role: number; active: boolean; linked_accounts: readonly string[] },
  after: { name: string; email: string; role: number; active: boolean; linked_accounts: readonly string[] },
  isPasswordChanged: boolean,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of ['name', 'email', 'role', 'active'] as const) {
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  }
  const unlinked = before.linked_accounts.filter((accountNo) => !after.linked_accounts.includes(accountNo));
  const linked = after.linked_accounts.filter((accountNo) => !before.linked_accounts.includes(accountNo));
  if (linked.length > 0) changes.accounts_linked = linked;
  if (unlinked.length > 0) changes.accounts_unlinked = unlinked;
  if (isPasswordChanged) changes.password = 'changed';
  return changes;
}
