import { useState } from 'react';
import type { ListState, ListStore, PageCursor } from './list-state.ts';

type ListStateOptions = {
  /** What the page belongs to beyond the filters (the shipments list's Home filter of the address). */
  scope?: string | undefined;
  /** Start from no filters, forgetting the saved ones (Home after a push navigation). */
  isCleared?: boolean;
};

type ListStateOptionsOf<Filters> = ListStateOptions & {
  /** Filters an address asks for (a link from another screen), over the saved ones, from page 1. */
  startWith?: Partial<Filters> | undefined;
};

/**
 * A list screen's filters, order and page, read from its store when the screen opens and saved
 * there on every change. Any change of a filter or of the order starts again at page 1 (spec
 * section 4); a page saved in another scope opens at page 1 too.
 */
export function useListState<Filters, Sort>(
  store: ListStore<Filters, Sort>,
  { scope, isCleared = false, startWith }: ListStateOptionsOf<Filters> = {},
) {
  const [state, setState] = useState(() => {
    if (isCleared) store.clearFilters?.();
    const saved = store.read();
    if (!startWith) return saved;
    const asked = { ...saved, filters: { ...saved.filters, ...startWith }, page: 1, cursor: undefined, scope };
    store.save(asked);
    return asked;
  });
  const isInScope = state.scope === scope;
  const page = isInScope ? state.page : 1;
  const cursor = isInScope ? state.cursor : undefined;

  const update = (changes: Partial<ListState<Filters, Sort>>) => {
    const next = { ...state, ...changes, scope };
    store.save(next);
    setState(next);
  };
  const setFilters = (filters: Filters) => update({ filters, page: 1, cursor: undefined });
  const setSort = (sort: Sort) => update({ sort, page: 1, cursor: undefined });
  /** To page `next`, read from `nextCursor` in a keyset list (ListPager gives it for a step of one). */
  const setPage = (next: number, nextCursor?: PageCursor) => update({ page: next, cursor: nextCursor });

  return { filters: state.filters, sort: state.sort, page, cursor, setFilters, setSort, setPage };
}
