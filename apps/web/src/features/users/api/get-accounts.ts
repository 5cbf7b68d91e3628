import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountsResponse } from '@clearport/contract/subusers';
import { API_PATHS } from '@clearport/contract/paths';
import { TEXTS } from '@clearport/contract/texts';
import { useFailureToast } from '../../../hooks/use-failure-toast.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export function getAccounts(signal?: AbortSignal): Promise<AccountsResponse> {
  return api.get(API_PATHS.accounts, { schema: AccountsResponse, signal });
}

export function getAccountsQueryOptions() {
  return queryOptions({ queryKey: ['subusers', 'accounts'], queryFn: ({ signal }) => getAccounts(signal) });
}

/**
 * The spec's two texts: the server answered with a failure (Failed to fetch accounts), or no
 * usable answer came (An unexpected error occurred while fetching accounts.).
 */
export function accountsFailureText(failure: unknown): string {
  return failure instanceof ApiError && failure.status > 0 ? TEXTS.accountsFetchFailed : TEXTS.accountsFetchError;
}

/** The accounts the caller may link a user to (the linked-account toggles). */
export function useAccounts() {
  const accountsQuery = useQuery(getAccountsQueryOptions());
  useFailureToast(accountsQuery, accountsFailureText(accountsQuery.error));
  return accountsQuery;
}
