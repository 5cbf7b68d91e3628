import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@clearport/contract/paths';
import { PaymentInstructionsResponse } from '@clearport/contract/invoices';
import { api } from '../../../lib/api-client.ts';

export function getPaymentInstructions(signal?: AbortSignal): Promise<PaymentInstructionsResponse> {
  return api.get(API_PATHS.paymentInstructions, { schema: PaymentInstructionsResponse, signal });
}

export function getPaymentInstructionsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-instructions'],
    queryFn: ({ signal }) => getPaymentInstructions(signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** The brokerage's payment instructions; null until the brokerage has set them. */
export function usePaymentInstructions() {
  return useQuery(getPaymentInstructionsQueryOptions());
}
