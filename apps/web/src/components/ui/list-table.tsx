import { Fragment, useId, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Cell,
  type Column,
  type SortDirection as ColumnSortDirection,
  type SortingState,
  type TableOptions,
  type Updater,
} from '@tanstack/react-table';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../../config/texts.ts';
import { useIsNarrowLayout } from '../../hooks/use-media-query.ts';
import { Button } from './button.tsx';
import { SortIcon } from './icons.tsx';
import type { ListSort } from './list-state.ts';
import loadingStyles from './loading.module.css';
import styles from './list-table.module.css';

declare module '@tanstack/react-table' {
  // The library's interface, merged: its type parameters, unused here, must stay as it declares them.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** `end`: the column's header and cells sit at its end, so that amounts line up by their decimals. */
    align?: 'end';
  }
}

function alignedClass<Item>(column: Column<Item, unknown>): string | undefined {
  return column.columnDef.meta?.align === 'end' ? styles.alignEnd : undefined;
}

/**
 * How a row shows as a card below 600 px: the `heading` columns first, side by side and unlabelled
 * (what names the row: a number, a status), then each of the `fields` under its column's header
 * (by default every other column). A field with no value is left out of its card.
 */
export type PhoneCards = { heading?: readonly string[]; fields?: readonly string[] };

type ListTableProps<Item, Field extends string> = {
  /** Names the table, and the cards' list below 600 px. */
  caption: string;
  rows: readonly Item[];
  /**
   * TanStack Table columns: each column's id is the field the server sorts it by, its header a text.
   * A column's `size` is its width in CSS pixels at the browser's default text size (it grows with
   * the text); the table lays its columns out by these widths alone and shares out its spare width
   * in proportion to them, so its columns stay put whatever rows it shows.
   */
  columns: TableOptions<Item>['columns'];
  getRowId: (row: Item) => string;
  /** The server's order. Without it the columns are not sortable (Home's list has one order). */
  sort?: ListSort<Field> | undefined;
  onSortChange?: ((sort: ListSort<Field>) => void) | undefined;
  /** Below 600 px, cards instead of the table (which otherwise scrolls sideways). */
  phoneCards?: PhoneCards;
  /** The id of the row to highlight (the one last opened from the list). */
  highlightedRowId?: string | null;
  /** Rows shown muted (inactive users). */
  isRowDimmed?: (row: Item) => boolean;
  /** No rows yet: the first load. */
  isLoading: boolean;
  /** Rows of the previous request are shown while the next one loads. */
  isRefreshing?: boolean;
  /** The load failed and there are no rows to show. */
  isError?: boolean;
  onRetry?: (() => void) | undefined;
  /** What the list says while loading, when it is empty and when loading failed (by default the generic error). */
  texts: { loading: string; empty: string; failed?: string };
};

/** Only one column at a time has aria-sort (https://www.w3.org/TR/wai-aria-1.2/#aria-sort). */
function ariaSortOf(direction: ColumnSortDirection | false): 'ascending' | 'descending' | undefined {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return undefined;
}

function headerText<Item>(column: Column<Item, unknown>): string {
  const { header } = column.columnDef;
  return typeof header === 'string' ? header : column.id;
}

function renderCell<Item>(cell: Cell<Item, unknown>): ReactNode {
  return flexRender(cell.column.columnDef.cell, cell.getContext());
}

const hasValue = (value: unknown) => value !== '' && value !== null && value !== undefined;

/** CSS pixels at the default text size (16 px), as a length that grows with the text. */
const remOf = (pixels: number) => `${pixels / 16}rem`;

/**
 * A list's table (TanStack Table). The server sorts (manualSorting): a header's button asks for
 * its column ascending, then flips the direction; the sorted column's header carries aria-sort.
 * Below 600 px a list with `phoneCards` shows each row as a card, in the same order, with a
 * native Sort by list offering each column both ways.
 */
export function ListTable<Item, Field extends string = string>({
  caption,
  rows: items,
  columns,
  getRowId,
  sort,
  onSortChange,
  phoneCards,
  highlightedRowId = null,
  isRowDimmed,
  isLoading,
  isRefreshing = false,
  isError = false,
  onRetry,
  texts,
}: ListTableProps<Item, Field>) {
  const captionId = useId();
  const sortId = useId();
  const isNarrow = useIsNarrowLayout();

  const sorting: SortingState = sort ? [{ id: sort.field, desc: sort.direction === 'desc' }] : [];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [first] = typeof updater === 'function' ? updater(sorting) : updater;
    if (first && onSortChange) onSortChange({ field: first.id as Field, direction: first.desc ? 'desc' : 'asc' });
  };

  // The rule guards React Compiler memoization, which this project does not use; TanStack Table's
  // functions are meant to be called again on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items as Item[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableSorting: sort !== undefined,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
  });

  const rows = table.getRowModel().rows;
  const isBusy = isLoading || isRefreshing;
  let message: ReactNode = null;
  if (rows.length === 0) {
    if (isLoading) {
      message = (
        <span role="status" className={styles.loading}>
          <span className={`${loadingStyles.spinner} ${loadingStyles.inline}`} aria-hidden="true" />
          {texts.loading}
        </span>
      );
    } else if (isError) {
      message = (
        <span className={styles.failed}>
          {texts.failed ?? TEXTS.genericError}
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {WEB_TEXTS.common.tryAgain}
            </Button>
          )}
        </span>
      );
    } else {
      message = texts.empty;
    }
  }
  const rowClassName = (row: (typeof rows)[number], base?: string) => {
    const isHighlighted = row.id === highlightedRowId;
    return (
      [base, isHighlighted && styles.highlighted, isRowDimmed?.(row.original) && styles.dimmed]
        .filter(Boolean)
        .join(' ') || undefined
    );
  };

  if (phoneCards && isNarrow) {
    const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
    const heading = phoneCards.heading ?? [];
    const fields =
      phoneCards.fields ?? table.getAllLeafColumns().flatMap(({ id }) => (heading.includes(id) ? [] : [id]));
    return (
      <div aria-busy={isBusy || undefined}>
        {sort && onSortChange && (
          <p className={styles.sortBy}>
            <label htmlFor={sortId}>{WEB_TEXTS.list.sortBy}</label>
            <select
              id={sortId}
              value={`${sort.field} ${sort.direction}`}
              onChange={(event) => {
                const [field, direction] = event.target.value.split(' ') as [Field, ListSort['direction']];
                onSortChange({ field, direction });
              }}
            >
              {sortable.flatMap((column) => [
                <option key={`${column.id} asc`} value={`${column.id} asc`}>
                  {fillText(WEB_TEXTS.list.sortAscending, { column: headerText(column) })}
                </option>,
                <option key={`${column.id} desc`} value={`${column.id} desc`}>
                  {fillText(WEB_TEXTS.list.sortDescending, { column: headerText(column) })}
                </option>,
              ])}
            </select>
          </p>
        )}
        {message !== null ? (
          <p className={isLoading ? `${styles.cardsMessage} ${styles.pending}` : styles.cardsMessage}>{message}</p>
        ) : (
          <ul
            aria-label={caption}
            className={isRefreshing ? `${styles.cardList} ${styles.refreshing}` : styles.cardList}
          >
            {rows.map((row) => {
              const cells = new Map(row.getVisibleCells().map((cell) => [cell.column.id, cell]));
              const cellsOf = (ids: readonly string[]) => ids.flatMap((id) => cells.get(id) ?? []);
              return (
                <li
                  key={row.id}
                  className={rowClassName(row, styles.card)}
                  data-highlighted={row.id === highlightedRowId || undefined}
                >
                  {heading.length > 0 && (
                    <div className={styles.cardHeading}>
                      {cellsOf(heading).map((cell) => (
                        <Fragment key={cell.id}>{renderCell(cell)}</Fragment>
                      ))}
                    </div>
                  )}
                  <dl className={styles.cardFields}>
                    {cellsOf(fields)
                      .filter((cell) => hasValue(cell.getValue()))
                      .map((cell) => (
                        <Fragment key={cell.id}>
                          <dt>{headerText(cell.column)}</dt>
                          <dd>{renderCell(cell)}</dd>
                        </Fragment>
                      ))}
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    );
  }

  const leafColumns = table.getVisibleLeafColumns();
  const tableWidth = leafColumns.reduce((total, column) => total + column.getSize(), 0);
  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} style={{ minWidth: remOf(tableWidth) }} aria-busy={isBusy || undefined}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <colgroup>
          {leafColumns.map((column) => (
            <col key={column.id} style={{ width: remOf(column.getSize()) }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => {
                const direction = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSortOf(direction)}
                    className={alignedClass(header.column)}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {label}
                        <SortIcon sortDirection={direction} size={14} />
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={isRefreshing ? styles.refreshing : undefined}>
          {rows.map((row) => (
            <tr key={row.id} className={rowClassName(row)} data-highlighted={row.id === highlightedRowId || undefined}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={alignedClass(cell.column)}>
                  {renderCell(cell)}
                </td>
              ))}
            </tr>
          ))}
          {message !== null && (
            <tr>
              <td
                colSpan={leafColumns.length}
                className={isLoading ? `${styles.message} ${styles.pending}` : styles.message}
              >
                {message}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
