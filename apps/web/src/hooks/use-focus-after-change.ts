import { useEffect, useRef } from 'react';

/** What takes the keyboard's focus in a part of the page: its controls. */
export const FOCUSABLE =
  'input:not([type="hidden"]), textarea, select, button, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * When `view` changes (a page moved to, a step of a form replacing another in place) and the
 * focus was on something the change took away, `target` takes it instead of the focus falling to
 * the page's start; a focus still on the page stays where it is. The first view is left alone,
 * however often its effect runs.
 */
export function useFocusAfterChange(view: string, target: () => HTMLElement | null | undefined): void {
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      target()?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [view, target]);
}
