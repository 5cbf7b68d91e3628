import { useEffect, useRef } from 'react';
import { hasStatus } from '../lib/api-client.ts';

type QueryFailure = {
  isError: boolean;
  error: unknown;
  /** When the last failure happened (TanStack Query's `errorUpdatedAt`): each failure alerts once. */
  errorUpdatedAt: number;
};

/**
 * Shows `message` in a browser alert each time the query fails (spec section 8, detail loads); not
 * for a 401, a session that ended, which the portal answers with its sign-in instead.
 */
export function useFailureAlert({ isError, error, errorUpdatedAt }: QueryFailure, message: string): void {
  const alertedAtRef = useRef<number | null>(null);
  const isSignedOut = hasStatus(error, 401);
  useEffect(() => {
    if (!isError || isSignedOut || alertedAtRef.current === errorUpdatedAt) return;
    alertedAtRef.current = errorUpdatedAt;
    window.alert(message);
  }, [isError, isSignedOut, errorUpdatedAt, message]);
}
