import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { ReportSubscriptions, type ReportKind } from '@clearport/contract/reports';
import { api, failureText } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

export function getReportSubscriptions(signal?: AbortSignal): Promise<ReportSubscriptions> {
  return api.get(API_PATHS.reportSubscriptions, { schema: ReportSubscriptions, signal });
}

export function getReportSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: ['reports', 'subscriptions'],
    queryFn: ({ signal }) => getReportSubscriptions(signal),
  });
}

/** The reports the user receives by e-mail each month. */
export function useReportSubscriptions() {
  return useQuery(getReportSubscriptionsQueryOptions());
}

/** Saves the whole list of the user's monthly reports; `said` is the toast of a saved change. */
export function useSetReportSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reports }: { reports: ReportKind[]; said: string }) =>
      api.put(API_PATHS.reportSubscriptions, { reports }, { schema: ReportSubscriptions }),
    onSuccess: (reply, { said }) => {
      queryClient.setQueryData(getReportSubscriptionsQueryOptions().queryKey, reply);
      toast.success(said);
    },
    onError: (error) => toast.error(failureText(error)),
  });
}
