import { useCallback, useEffect, useState } from 'react';
import { SUBUSER_ERROR_DISPLAY_MS } from '@clearport/contract/constants';

export type TimedMessage = {
  tone: 'error' | 'success';
  text: string;
  /** The request field an error is about (name, email, password, role, linkedAccounts). */
  field?: string;
};

/**
 * A message of the sub-user screens, shown for SUBUSER_ERROR_DISPLAY_MS (spec sections 8 and
 * 9); a new message starts the time again.
 */
export function useTimedMessage(initial: TimedMessage | null = null) {
  // Each message is a new object, so the same text shown again starts the time again.
  const [shown, setShown] = useState<{ message: TimedMessage } | null>(initial ? { message: initial } : null);
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), SUBUSER_ERROR_DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);
  const show = useCallback((message: TimedMessage) => setShown({ message }), []);
  return [shown?.message ?? null, show] as const;
}
