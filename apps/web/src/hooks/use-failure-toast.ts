import { useEffect } from 'react';
import { toast } from '../lib/toast.ts';

type QueryFailure = {
  isError: boolean;
  /** When the last failure happened (TanStack Query's `errorUpdatedAt`): each failure toasts once. */
  errorUpdatedAt: number;
};

/** Shows `message` as an error toast each time the query fails; one toast at a time per message. */
export function useFailureToast({ isError, errorUpdatedAt }: QueryFailure, message: string): void {
  useEffect(() => {
    if (isError) toast.error(message, { toastId: message });
  }, [isError, errorUpdatedAt, message]);
}
