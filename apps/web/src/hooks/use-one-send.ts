import { useCallback, useRef } from 'react';

/**
 * Lets a form's send go once until it settles, from the event on: a mutation's own pending state
 * reaches the form only after a render, so a double click or a second Enter inside it would send
 * twice (two notes, two mails, a second warehouse from a form already reset). `start` answers
 * whether this send may go, and holds the next until `settle`.
 */
export function useOneSend() {
  const isSending = useRef(false);
  const start = useCallback(() => {
    if (isSending.current) return false;
    isSending.current = true;
    return true;
  }, []);
  const settle = useCallback(() => {
    isSending.current = false;
  }, []);
  return { start, settle };
}
