import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { NotificationsResponse } from '@clearport/contract/notifications';
import { api } from '../../../lib/api-client.ts';

export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return api.get(API_PATHS.notifications, { schema: NotificationsResponse, signal });
}

export function getNotificationsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => getNotifications(signal),
    // Home draws the banner and its counts once this has settled; a failure only shows no banner,
    // at once, and the banner mounting then does not ask again (Home's next visit does).
    retry: false,
    retryOnMount: false,
  });
}

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
