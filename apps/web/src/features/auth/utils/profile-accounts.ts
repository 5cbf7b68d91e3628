import type { ProfileResponse } from '@clearport/contract/auth';

export type ProfileAccounts = {
  /** The user's account numbers, in the profile's order. */
  accountNumbers: string[];
  /** The accounts that track documents one by one (spec section 2: the per-document account). */
  documentTrackingAccounts: ReadonlySet<string>;
};

export function profileAccountsOf(profile: ProfileResponse): ProfileAccounts {
  return {
    accountNumbers: profile.accounts.map((account) => account.account_no),
    documentTrackingAccounts: new Set(
      profile.accounts.filter((account) => account.document_tracking).map((account) => account.account_no),
    ),
  };
}
