import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ROW_HIGHLIGHT_MS } from '@clearport/contract/constants';
import { clearReturnPoint, readReturnPoint, saveReturnPoint } from '../utils/saved-list-position.ts';

/**
 * Opening a shipment from the list remembers the scroll position and the shipment; coming back,
 * once the rows are there, the list scrolls back and highlights that row for ROW_HIGHLIGHT_MS
 * (spec section 2), and its link takes the focus. The window scrolls: the main layout grows with its page.
 */
export function useReturnPoint(isListReady: boolean) {
  const [returnPoint] = useState(readReturnPoint);
  const [highlightedId, setHighlightedId] = useState(returnPoint?.shipmentId ?? null);
  const hasReturnedRef = useRef(false);

  // Before paint, so the list does not show at the top first.
  useLayoutEffect(() => {
    if (!isListReady || !returnPoint || hasReturnedRef.current) return;
    hasReturnedRef.current = true;
    window.scrollTo(0, returnPoint.scrollY);
    clearReturnPoint();
    // The keyboard comes back to the row it left, unless the user has put the focus somewhere since
    // (the page's heading or nothing is where arriving left it).
    const active = document.activeElement;
    if (active === null || active === document.body || active.matches('h1')) {
      document.querySelector<HTMLElement>('[data-highlighted] a[href]')?.focus({ preventScroll: true });
    }
  }, [isListReady, returnPoint]);

  useLayoutEffect(() => {
    if (!isListReady || highlightedId === null) return;
    const timer = window.setTimeout(() => setHighlightedId(null), ROW_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [isListReady, highlightedId]);

  const rememberReturnPoint = useCallback((shipmentId: number) => {
    saveReturnPoint({ scrollY: window.scrollY, shipmentId });
  }, []);

  return { highlightedId, rememberReturnPoint };
}
