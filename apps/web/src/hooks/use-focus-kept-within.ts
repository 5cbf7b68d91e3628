import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * When `view` changes (one step of a form replacing another in the same place) and the focus was
 * on something the change took away, the focus goes to the first control of `box` instead of
 * falling to the page's start; a focus still on the page stays where it is.
 */
export function useFocusKeptWithin(box: RefObject<HTMLElement | null>, view: string): void {
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [box, view]);
}
