import { ROLES } from '@clearport/contract/roles';
import {
  canChangeUser,
  SUBUSER_ERRORS,
  SUBUSERS_PAGE_SIZE,
  type Subuser,
  type SubusersQuery,
  type SubuserUpdateRequest,
} from '@clearport/contract/subusers';
import type { Pagination } from '@clearport/contract/http';
import type { Refusal } from '../../lib/refusal.ts';

/** Why the caller may not change `target`, or undefined when they may. */
export function editRefusal(
  callerId: number,
  target: { id: number; role: number },
  changes: Pick<SubuserUpdateRequest, 'role' | 'active'>,
): Refusal | undefined {
  if (target.role === ROLES.primary) return { status: 403, message: SUBUSER_ERRORS.primaryLocked };
  const isSelf = callerId === target.id;
  const changesOwnRole = changes.role !== undefined && changes.role !== target.role;
  if (isSelf && (changesOwnRole || changes.active === 0)) {
    return { status: 403, message: SUBUSER_ERRORS.cannotChangeOwnAccess };
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

function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left < right) return -1;
  if (left > right) return 1;
  return 0;
}

/**
 * One page of the company's users: the position filter, the search (name, e-mail and account
 * number, ignoring case), the order (case-insensitive, ties by id) and the page.
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
  const lastPage = Math.max(1, Math.ceil(sorted.length / SUBUSERS_PAGE_SIZE));
  const start = (query.page - 1) * SUBUSERS_PAGE_SIZE;
  return {
    users: sorted.slice(start, start + SUBUSERS_PAGE_SIZE),
    pagination: {
      total: sorted.length,
      last_page: lastPage,
      current_page: query.page,
      per_page: SUBUSERS_PAGE_SIZE,
    },
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
