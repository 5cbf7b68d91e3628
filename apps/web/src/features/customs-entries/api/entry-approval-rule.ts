import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EntryApprovalRuleResponse, type EntryApprovalRule } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import { api, failureText } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';

export function getEntryApprovalRule(signal?: AbortSignal): Promise<EntryApprovalRuleResponse> {
  return api.get(API_PATHS.entryApprovalRule, { schema: EntryApprovalRuleResponse, signal });
}

export function getEntryApprovalRuleQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'entry-approval'],
    queryFn: ({ signal }) => getEntryApprovalRule(signal),
  });
}

/** Which 7501s wait for the company's approval, and whether this user may change that. */
export function useEntryApprovalRule() {
  return useQuery(getEntryApprovalRuleQueryOptions());
}

export function useSetEntryApprovalRule(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: EntryApprovalRule) =>
      api.put(API_PATHS.entryApprovalRule, rule, { schema: EntryApprovalRuleResponse }),
    onSuccess: (reply) => {
      queryClient.setQueryData(getEntryApprovalRuleQueryOptions().queryKey, reply);
      void queryClient.invalidateQueries({ queryKey: ['shipments'], refetchType: 'none' });
      onSaved?.();
      toast.success(WEB_TEXTS.customsEntry.ruleSaved);
    },
    onError: (error) => toast.error(failureText(error)),
  });
}
