import type { QueryClient } from '@tanstack/react-query';
import { MAX_ID } from '@clearport/contract/http';
import { getAccountsQueryOptions } from './get-accounts.ts';
import { getSubuserQueryOptions } from './get-subuser.ts';

/** The user an address names, or null when it names none (new-user, or no id the server could hold). */
export function parseUserId(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const userId = Number(id);
  return userId > 0 && userId <= MAX_ID ? userId : null;
}

/**
 * Waits for what the user's form is drawn from: the accounts it may link and, for an existing
 * user, the user. Awaited in the route's loader, so the form is drawn whole and nothing below the
 * linked accounts moves down when they arrive. A failure is left to the screen, which shows it.
 */
export async function loadUserForm(queryClient: QueryClient, id: string): Promise<void> {
  const userId = parseUserId(id);
  await Promise.allSettled([
    queryClient.ensureQueryData(getAccountsQueryOptions()),
    ...(userId === null ? [] : [queryClient.ensureQueryData(getSubuserQueryOptions(userId))]),
  ]);
}
