import { useCallback, useState } from 'react';

/**
 * What a control shows while the user's change of it is on its way to the server. The change is
 * held from the event on (a mutation's own pending state reaches React a tick later, and a
 * controlled checkbox would flick back meanwhile) until `stored` moves, which is the reply
 * reaching the cache, or until `cancel`: after a failure, or a reply that moved nothing.
 */
export function usePendingChange<V>(stored: unknown) {
  const [change, setChange] = useState<{ value: V; from: unknown } | null>(null);
  const isCurrent = change !== null && Object.is(change.from, stored);
  if (change !== null && !isCurrent) setChange(null);

  const begin = useCallback((value: V) => setChange({ value, from: stored }), [stored]);
  const cancel = useCallback(() => setChange(null), []);
  return { isPending: isCurrent, value: isCurrent ? change.value : undefined, begin, cancel };
}
