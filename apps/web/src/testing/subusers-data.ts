import type { Subuser } from '@clearport/contract/subusers';

/** A viewer sub-user linked to two accounts, as the API answers it. */
export const SUBUSER: Subuser = {
  id: 7,
  name: 'Tom Becker',
  email: 'viewer@demo.test',
  role: 11,
  active: 1,
  linked_accounts: ['40001', '40002'],
  linked_users: [],
  account_no: '40001, 40002',
};
