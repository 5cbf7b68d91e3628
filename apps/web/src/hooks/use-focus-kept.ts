import { useEffect } from 'react';
import { FOCUSABLE } from './use-focus-after-change.ts';

/** Whether the keyboard's focus can rest on `element`: on the page, enabled and shown. */
function canHoldFocus(element: Element): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(':disabled') &&
    !element.closest('[inert]') &&
    element.getClientRects().length > 0
  );
}

const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Where the focus was in `scope()` and a change took it away (a saved form rebuilt, a loading
 * page giving way to its content, a dismissed banner, the pager's Next disabled on the last page),
 * the focus would fall to the document's start: it goes instead to the nearest control still
 * there around the place it was, and when the change took the whole page, to `pageStart()` (its
 * heading). It acts only when nothing else took the focus by the next frame, so a part of the
 * page that places the focus itself (a dialog giving it back, useFocusAfterChange) keeps it.
 */
export function useFocusKept(scope: () => HTMLElement | null, pageStart: () => HTMLElement | null): void {
  useEffect(() => {
    // The focused element and its ancestors, innermost first, as they were when it took the focus.
    let held: Element[] = [];
    let frame = 0;
    let timer = 0;
    const remember = (event: FocusEvent) => {
      const chain: Element[] = [];
      for (let node = event.target as Element | null; node && node !== document.body; node = node.parentElement) {
        chain.push(node);
      }
      held = chain;
    };
    const restore = () => {
      const root = scope();
      const [lost, ...around] = held;
      if (!focusIsLost() || !root || !lost || !around.includes(root) || canHoldFocus(lost)) return;
      held = [];
      for (const place of around) {
        if (!place.isConnected) continue;
        if (place === root) break;
        const control = [...place.querySelectorAll(FOCUSABLE)].find(canHoldFocus);
        if (control) return control.focus({ preventScroll: true });
      }
      pageStart()?.focus({ preventScroll: true });
    };
    const watch = () => {
      if (frame || timer || held.length === 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        timer = window.setTimeout(() => {
          timer = 0;
          restore();
        });
      });
    };
    const observer = new MutationObserver(watch);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'inert'],
    });
    document.addEventListener('focusin', remember);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', remember);
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [scope, pageStart]);
}
