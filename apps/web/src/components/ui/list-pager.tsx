import { useRef } from 'react';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../../config/texts.ts';
import { Button } from './button.tsx';
import { cursorForStep, type PageCursor, type PageCursors } from './list-state.ts';
import styles from './list-pager.module.css';

type ListPagerProps = {
  page: number;
  pageSize: number;
  /** Undefined while the first page loads. */
  total: number | undefined;
  lastPage: number | undefined;
  /**
   * A keyset list's places of the page at hand: a step to the page beside it is then read from
   * them, and `onPageChange` receives that place.
   */
  cursors?: PageCursors | undefined;
  /** Buttons for the pages around this one and the first and last, between the count and Next. */
  hasPageNumbers?: boolean;
  onPageChange: (page: number, cursor?: PageCursor) => void;
  /** The navigation's name and the buttons' texts; by default the spec's Previous and Next. */
  texts?: { label?: string; previous?: string; next?: string };
};

/** shown/total, where shown = min(page size × page, total) (spec section 9). */
export function pagerText(page: number, total: number, pageSize: number): string {
  return `${Math.min(pageSize * page, total)}/${total}`;
}

/** The first and last pages and those beside `page`, in order; null stands for the pages left out between. */
export function pageNumbersAround(page: number, lastPage: number): Array<number | null> {
  const shown = [...new Set([1, page - 1, page, page + 1, lastPage])]
    .filter((number) => number >= 1 && number <= lastPage)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) => (index > 0 && number - shown[index - 1]! > 1 ? [null, number] : [number]));
}

/** A list's Previous and Next, with the text shown/total (spec section 2), and page numbers where a list has them. */
export function ListPager({
  page,
  pageSize,
  total,
  lastPage,
  cursors,
  hasPageNumbers = false,
  onPageChange,
  texts = {},
}: ListPagerProps) {
  const navRef = useRef<HTMLElement>(null);
  const goTo = (next: number) => {
    const cursor = cursorForStep(page, next, cursors);
    if (cursor) onPageChange(next, cursor);
    else onPageChange(next);
    // The new page is read from its top: the list (the pager follows it) comes into view when the
    // user has scrolled past its start to reach the pager.
    const list = navRef.current?.previousElementSibling;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
  };
  return (
    <nav ref={navRef} aria-label={texts.label ?? WEB_TEXTS.list.pagination} className={styles.pager}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        {texts.previous ?? TEXTS.previousPage}
      </Button>
      <p className={styles.text} aria-live="polite">
        {total === undefined ? '' : pagerText(page, total, pageSize)}
      </p>
      {hasPageNumbers && lastPage !== undefined && lastPage > 1 && (
        <ol className={styles.numbers}>
          {pageNumbersAround(page, lastPage).map((number, index) =>
            number === null ? (
              <li key={`gap-${index}`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={number}>
                <button
                  type="button"
                  className={styles.number}
                  aria-label={fillText(WEB_TEXTS.list.pageNumber, { page: String(number) })}
                  aria-current={number === page ? 'page' : undefined}
                  onClick={() => number !== page && goTo(number)}
                >
                  {number}
                </button>
              </li>
            ),
          )}
        </ol>
      )}
      <Button variant="secondary" disabled={lastPage === undefined || page >= lastPage} onClick={() => goTo(page + 1)}>
        {texts.next ?? TEXTS.nextPage}
      </Button>
    </nav>
  );
}
