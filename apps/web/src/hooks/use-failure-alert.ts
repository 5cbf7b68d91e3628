import { useEffect, useRef } from 'react';

type QueryFailure = {
  isError: boolean;
  /** When the last failure happened (TanStack Query's `errorUpdatedAt`): each failure alerts once. */
  errorUpdatedAt: number;
};

/** Shows `message` in a browser alert each time the query fails (spec section 8, detail loads). */
export function useFailureAlert({ isError, errorUpdatedAt }: QueryFailure, message: string): void {
  const alertedAtRef = useRef<number | null>(null);
  useEffect(() => {
    if (!isError || alertedAtRef.current === errorUpdatedAt) return;
    alertedAtRef.current = errorUpdatedAt;
    window.alert(message);
  }, [isError, errorUpdatedAt, message]);
}
