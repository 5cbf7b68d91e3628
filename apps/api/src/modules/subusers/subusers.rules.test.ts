import { describe, expect, it } from 'vitest';
import { SUBUSER_ERRORS, SubusersQuery, type Subuser } from '@clearport/contract/subusers';
import {
  changesOf,
  deleteRefusal,
  editRefusal,
  nextLinkedAccounts,
  outsideAccountsRefusal,
  pageOfUsers,
  unlinkableAccounts,
} from './subusers.rules.ts';

const user = (id: number, name: string, email: string, role: number, accounts: string[]): Subuser => ({
  id,
  name,
  email,
  role,
  active: 1,
  linked_accounts: accounts,
  linked_users: [],
  account_no: accounts.join(', '),
});

const USERS = [
  user(1, 'Maria Delgado', 'primary@demo.test', 3, ['40001', '40002']),
  user(2, 'james Whitfield', 'manager@demo.test', 4, ['40001']),
  user(3, 'Priya Raman', 'user@demo.test', 5, ['40002']),
  user(4, 'Tom Becker', 'viewer@demo.test', 11, []),
  user(5, 'Ann Other', 'ann@demo.test', 11, ['40001']),
];
const query = (input: Record<string, unknown> = {}) => SubusersQuery.parse(input);

describe('editRefusal and deleteRefusal', () => {
  it('never lets a primary user be edited or deleted', () => {
    expect(editRefusal(2, { id: 1, role: 3, email: 'p@x.test' }, {})?.message).toBe(SUBUSER_ERRORS.primaryLocked);
    expect(deleteRefusal(2, { id: 1, role: 3 })?.message).toBe(SUBUSER_ERRORS.primaryLocked);
  });

  const self = { id: 2, role: 4, email: 'Me@x.test' };
  it('lets a user edit themselves but not their position or state, and never delete themselves', () => {
    expect(editRefusal(2, self, { email: 'me@X.test' })).toBeUndefined();
    expect(editRefusal(2, self, { role: 4 })).toBeUndefined();
    expect(editRefusal(2, self, { active: 1 })).toBeUndefined();
    expect(editRefusal(2, self, { role: 5 })?.message).toBe(SUBUSER_ERRORS.cannotChangeOwnAccess);
    expect(editRefusal(2, self, { active: 0 })?.message).toBe(SUBUSER_ERRORS.cannotChangeOwnAccess);
    expect(deleteRefusal(2, { id: 2, role: 4 })?.message).toBe(SUBUSER_ERRORS.cannotDeleteSelf);
  });

  it('leaves their own e-mail, password and second factor to Settings', () => {
    for (const changes of [
      { email: 'other@x.test' },
      { password: 'a-new-password-1' },
      { send_password_link: true },
      { resetsSecondFactor: true },
    ]) {
      expect(editRefusal(2, self, changes)?.message, JSON.stringify(changes)).toBe(SUBUSER_ERRORS.ownSignInInSettings);
    }
    expect(editRefusal(2, self, { send_password_link: false })).toBeUndefined();
  });

  it('lets others be edited and deleted', () => {
    expect(
      editRefusal(
        1,
        { id: 3, role: 5, email: 'u@x.test' },
        { role: 11, active: 0, email: 'new@x.test', password: 'a-new-password-1' },
      ),
    ).toBeUndefined();
    expect(deleteRefusal(1, { id: 3, role: 5 })).toBeUndefined();
  });
});

describe('outsideAccountsRefusal', () => {
  const linkedTo = (...accounts: string[]) => ({ linked_accounts: accounts });

  it('lets a caller change a user whose accounts are all among the caller’s, or who has none', () => {
    expect(outsideAccountsRefusal(linkedTo('40001'), ['40001'])).toBeUndefined();
    expect(outsideAccountsRefusal(linkedTo('40001', '40003'), ['40001', '40002', '40003'])).toBeUndefined();
    expect(outsideAccountsRefusal(linkedTo(), ['40001'])).toBeUndefined();
    expect(outsideAccountsRefusal(linkedTo(), [])).toBeUndefined();
  });

  it('refuses a user linked to any account the caller does not see (403)', () => {
    const refusal = { status: 403, message: SUBUSER_ERRORS.outsideAccounts };
    expect(outsideAccountsRefusal(linkedTo('40001', '40002', '40003'), ['40001'])).toEqual(refusal);
    expect(outsideAccountsRefusal(linkedTo('40002'), ['40001'])).toEqual(refusal);
    expect(outsideAccountsRefusal(linkedTo('40001'), [])).toEqual(refusal);
  });
});

describe('linked accounts', () => {
  it('names each account the caller may not link once', () => {
    expect(unlinkableAccounts(['40001', '70001', '70001', '9'], ['40001', '40002'])).toEqual(['70001', '9']);
    expect(unlinkableAccounts([], ['40001'])).toEqual([]);
  });

  it('replaces the links the caller sees and keeps the others', () => {
    expect(nextLinkedAccounts(['40001', '40003'], ['40002'], ['40001', '40002'])).toEqual(['40002', '40003']);
    expect(nextLinkedAccounts(['40001'], [], ['40001', '40002', '40003'])).toEqual([]);
    expect(nextLinkedAccounts([], ['40002', '40002', '40001'], ['40001', '40002'])).toEqual(['40001', '40002']);
  });
});

describe('pageOfUsers', () => {
  const idsOf = (input: Record<string, unknown>) => pageOfUsers(USERS, query(input)).users.map((each) => each.id);

  it('sorts by name ignoring case by default, ties by id', () => {
    expect(idsOf({})).toEqual([5, 2, 1, 3, 4]);
    expect(idsOf({ order_by: 'desc' })).toEqual([4, 3, 1, 2, 5]);
    expect(idsOf({ field: 'role' })).toEqual([1, 2, 3, 4, 5]);
    expect(idsOf({ field: 'role', order_by: 'desc' })).toEqual([4, 5, 3, 2, 1]);
    expect(idsOf({ field: 'account_no' })).toEqual([4, 2, 5, 1, 3]);
  });

  it('filters by position and searches name, e-mail and account ignoring case', () => {
    expect(idsOf({ filter: '11' })).toEqual([5, 4]);
    expect(idsOf({ filter: '3' })).toEqual([1]);
    expect(idsOf({ search: 'BECKER' })).toEqual([4]);
    expect(idsOf({ search: 'manager@' })).toEqual([2]);
    expect(idsOf({ search: '40002' })).toEqual([1, 3]);
    expect(idsOf({ search: '40001', filter: '11' })).toEqual([5]);
    expect(idsOf({ search: 'nobody' })).toEqual([]);
  });

  it('pages by SUBUSERS_PAGE_SIZE with the total and last page', () => {
    const many = Array.from({ length: 120 }, (_, index) => user(index + 1, `U${index}`, `u${index}@x.test`, 5, []));
    expect(pageOfUsers(many, query({ page: '3' }))).toMatchObject({
      pagination: { total: 120, last_page: 3, current_page: 3, per_page: 50 },
    });
    expect(pageOfUsers(many, query({ page: '3' })).users).toHaveLength(20);
    expect(pageOfUsers([], query()).pagination).toEqual({ total: 0, last_page: 1, current_page: 1, per_page: 50 });
  });
});

describe('changesOf', () => {
  const before = { name: 'A', email: 'a@x.test', role: 5, active: true, linked_accounts: ['40001', '40002'] };

  it('names each changed field with its old and new value, and accounts linked and unlinked', () => {
    expect(
      changesOf(before, { ...before, role: 11, active: false, linked_accounts: ['40002', '40003'] }, false),
    ).toEqual({
      role: { from: 5, to: 11 },
      active: { from: true, to: false },
      accounts_linked: ['40003'],
      accounts_unlinked: ['40001'],
    });
  });

  it('records that the password changed, never the password', () => {
    expect(changesOf(before, before, true)).toEqual({ password: 'changed' });
    expect(changesOf(before, before, false)).toEqual({});
  });
});
