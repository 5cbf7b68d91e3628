import { useRef, useState } from 'react';
import { useFocusAfterChange } from '../../hooks/use-focus-after-change.ts';
import { Button } from './button.tsx';
import styles from './list-rest.module.css';

/**
 * A long list of the shipment page (docs/decisions/0054-a-shipments-long-lists.md) shown in part
 * until the user asks for the rest: the `shown` latest of a list kept oldest first (notes, orders,
 * a container's events), or the `shown` first. `listRef` goes on the list: it takes the focus when
 * the button that showed the rest is gone.
 */
export function useListRest<Item, ListElement extends HTMLElement>(
  items: readonly Item[],
  shown: number,
  keep: 'latest' | 'first',
) {
  const [isWhole, setWhole] = useState(false);
  const listRef = useRef<ListElement>(null);
  useFocusAfterChange(isWhole ? 'whole' : 'part', () => listRef.current);
  const rest = isWhole ? 0 : Math.max(0, items.length - shown);
  const part = keep === 'latest' ? items.slice(rest) : items.slice(0, items.length - rest);
  return { part, rest, showRest: () => setWhole(true), listRef };
}

type ListRestButtonProps = {
  rest: number;
  /** The button's text for the count of items not shown. */
  text: (count: number) => string;
  onClick: () => void;
  className?: string;
};

/** The button that shows the rest of a list; nothing when all of it is shown. */
export function ListRestButton({ rest, text, onClick, className }: ListRestButtonProps) {
  if (rest === 0) return null;
  return (
    <Button
      variant="secondary"
      className={[styles.button, className ?? ''].filter(Boolean).join(' ')}
      onClick={onClick}
    >
      {text(rest)}
    </Button>
  );
}
