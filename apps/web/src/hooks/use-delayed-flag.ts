import { useEffect, useState } from 'react';

/** True once `flag` has stayed true for `delayMs`; false as soon as it is false. */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [isDelayedOn, setIsDelayedOn] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = window.setTimeout(() => setIsDelayedOn(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setIsDelayedOn(false);
    };
  }, [flag, delayMs]);
  return flag && isDelayedOn;
}
