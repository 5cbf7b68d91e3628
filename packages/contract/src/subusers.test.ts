import { describe, expect, it } from 'vitest';
import { MAX_LINKED_ACCOUNTS, SubuserCreateRequest, SubuserUpdateRequest } from './subusers.ts';

const accounts = (count: number) => Array.from({ length: count }, (_, index) => String(40_000 + index));

describe('a sub-user’s linked accounts', () => {
  it('may be every account of a company of hundreds', () => {
    const body = { name: 'Eve', email: 'eve@demo.test', password: 'a-long-password', role: 4, company_id: 1 };
    expect(SubuserCreateRequest.safeParse({ ...body, linkedAccounts: accounts(250) }).success).toBe(true);
    expect(SubuserUpdateRequest.safeParse({ linkedAccounts: accounts(MAX_LINKED_ACCOUNTS) }).success).toBe(true);
  });

  it('are refused past the limit with a message that says it', () => {
    const refused = SubuserUpdateRequest.safeParse({ linkedAccounts: accounts(MAX_LINKED_ACCOUNTS + 1) });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['linkedAccounts'], 'A user can be linked to at most 2,000 accounts.'],
    ]);
  });
});
