import { useState } from 'react';
import { LIST_CELL_VISIBLE_ITEMS } from '@clearport/contract/constants';
import { WEB_TEXTS } from '../../config/texts.ts';
import styles from './list-cell.module.css';

type ListCellProps = {
  values: readonly string[];
  /** Shown when there are no values. */
  emptyText: string;
};

/**
 * A list in a table cell: the first two values and a +N button that shows the rest; the same
 * button then closes it again, so focus stays where it was (spec section 2).
 */
export function ListCell({ values, emptyText }: ListCellProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  if (values.length === 0) return <span className={styles.empty}>{emptyText}</span>;

  const hiddenCount = values.length - LIST_CELL_VISIBLE_ITEMS;
  const hasMore = hiddenCount > 0;
  const shown = hasMore && !isExpanded ? values.slice(0, LIST_CELL_VISIBLE_ITEMS) : values;
  return (
    <div className={styles.cell}>
      <ul className={styles.values}>
        {shown.map((value, index) => (
          <li key={`${index}-${value}`}>{value}</li>
        ))}
      </ul>
      {hasMore && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={isExpanded}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded ? (
            WEB_TEXTS.showLess
          ) : (
            <>
              {`+${hiddenCount} `}
              <span className="visually-hidden">{WEB_TEXTS.showMore}</span>
            </>
          )}
        </button>
      )}
    </div>
  );
}
