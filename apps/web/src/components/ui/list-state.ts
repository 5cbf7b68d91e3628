import type { SortDirection } from '@clearport/contract/http';
import { readTabItem, writeTabItem } from '../../lib/tab-storage.ts';

/**
 * A list's state (its filters, its order and where the user is in it) and where it is kept: the
 * tab's session storage, under the list's own keys, so that coming back to the list in the tab
 * finds it as it was left (decision 0004). useListState holds it for a screen.
 */

/** A list's order: one column, one way. The server sorts. */
export type ListSort<Field extends string = string> = { field: Field; direction: SortDirection };

/**
 * Where a page was read from: the place after the previous page's last row, or before the next
 * page's first one (keyset paging, decision 0005). Without one, the server counts the rows before
 * the page.
 */
export type PageCursor = { after: string } | { before: string };

/** The first and last places of the page at hand, as a keyset list's reply gives them. */
export type PageCursors = { before: string | null; after: string | null };

export type ListState<Filters, Sort> = {
  filters: Filters;
  sort: Sort;
  page: number;
  /** Where the page was read from, in a list paged by keyset. */
  cursor?: PageCursor | undefined;
  /** What the page belongs to beyond the filters (the shipments list's Home filter); another scope starts at page 1. */
  scope?: string | undefined;
};

/** Where a list keeps its state. */
export type ListStore<Filters, Sort> = {
  /** The state as it was left in this tab; anything unreadable is its default. */
  read: () => ListState<Filters, Sort>;
  save: (state: ListState<Filters, Sort>) => void;
  /** Forgets the saved filters, and the page they were on. */
  clearFilters?: () => void;
};

/** A list that keeps nothing: it opens as `initial`, on page 1, each time. */
export function unsavedList<Filters, Sort>(initial: { filters: Filters; sort: Sort }): ListStore<Filters, Sort> {
  return { read: () => ({ ...initial, page: 1 }), save: () => {} };
}

/** The keys of a list's page: the page number, and for a keyset list the cursor and the scope. */
export type ListPageKeys = { page: string; cursor?: string; scope?: string };

function cursorOf(text: string | null): PageCursor | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    if (typeof value !== 'object' || value === null) return undefined;
    const { after, before } = value as Record<string, unknown>;
    if (typeof after === 'string') return { after };
    if (typeof before === 'string') return { before };
  } catch {
    // Nothing saved, or not by this version: the page is counted.
  }
  return undefined;
}

export function readListPage(keys: ListPageKeys): Pick<ListState<unknown, unknown>, 'page' | 'cursor' | 'scope'> {
  const page = Number(readTabItem(keys.page));
  const isPage = Number.isInteger(page) && page > 0;
  return {
    page: isPage ? page : 1,
    cursor: isPage && keys.cursor ? cursorOf(readTabItem(keys.cursor)) : undefined,
    scope: keys.scope ? (readTabItem(keys.scope) ?? undefined) : undefined,
  };
}

export function saveListPage(
  keys: ListPageKeys,
  { page, cursor, scope }: Pick<ListState<unknown, unknown>, 'page' | 'cursor' | 'scope'>,
): void {
  writeTabItem(keys.page, String(page));
  if (keys.scope) writeTabItem(keys.scope, scope ?? '');
  if (keys.cursor) writeTabItem(keys.cursor, cursor ? JSON.stringify(cursor) : '');
}

/** Back to page 1, as after any change of the filters. */
export function resetListPage(keys: ListPageKeys): void {
  writeTabItem(keys.page, '');
  if (keys.cursor) writeTabItem(keys.cursor, '');
}

/** The order kept under `key` as `field direction`, or `fallback` when there is none or it names no column. */
export function readListSort<Field extends string>(
  key: string,
  fields: readonly Field[],
  fallback: ListSort<Field>,
): ListSort<Field> {
  const [field, direction] = (readTabItem(key) ?? '').split(' ');
  const column = fields.find((each) => each === field);
  return column && (direction === 'asc' || direction === 'desc') ? { field: column, direction } : fallback;
}

/** Keeps the order under `key`; the list's default order is kept as no order. */
export function saveListSort<Field extends string>(key: string, sort: ListSort<Field>, fallback: ListSort<Field>) {
  const isDefault = sort.field === fallback.field && sort.direction === fallback.direction;
  writeTabItem(key, isDefault ? '' : `${sort.field} ${sort.direction}`);
}

/**
 * How to read page `to` from page `from` in a keyset list: a step of one reads from the place
 * beside the page at hand (page 1 is read from the start, as it is first opened, so it stays one
 * cache entry); any other page is counted.
 */
export function cursorForStep(from: number, to: number, cursors: PageCursors | undefined): PageCursor | undefined {
  if (to === from + 1 && cursors?.after) return { after: cursors.after };
  if (to === from - 1 && to > 1 && cursors?.before) return { before: cursors.before };
  return undefined;
}
