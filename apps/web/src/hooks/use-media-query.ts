import { useCallback, useSyncExternalStore } from 'react';
import { NARROW_LAYOUT_BREAKPOINT_PX } from '@clearport/contract/constants';

/** Whether a CSS media query matches now; re-renders when that changes. False where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** Narrower than the spec's 600 px breakpoint. */
export const NARROW_LAYOUT_QUERY = `(max-width: ${NARROW_LAYOUT_BREAKPOINT_PX - 0.02}px)`;

export function useIsNarrowLayout(): boolean {
  return useMediaQuery(NARROW_LAYOUT_QUERY);
}
