import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { readTabItem, writeTabItem } from '../../lib/tab-storage.ts';
import {
  readListPage,
  readListSort,
  resetListPage,
  saveListPage,
  saveListSort,
  unsavedList,
  type ListSort,
  type ListStore,
} from './list-state.ts';
import { useListState } from './use-list-state.ts';

type Filters = { search: string };
type Sort = ListSort<'date' | 'amount'>;

const DEFAULT_SORT: Sort = { field: 'date', direction: 'desc' };
const PAGE_KEYS = { page: 'reportsPage', cursor: 'reportsPageCursor', scope: 'reportsPageScope' };

/** A list kept in the tab as a new list screen would keep it. */
const REPORTS_LIST: ListStore<Filters, Sort> = {
  read: () => ({
    filters: { search: readTabItem('reportsSearch') ?? '' },
    sort: readListSort('reportsSort', ['date', 'amount'], DEFAULT_SORT),
    ...readListPage(PAGE_KEYS),
  }),
  save: ({ filters, sort, ...page }) => {
    writeTabItem('reportsSearch', filters.search);
    saveListSort('reportsSort', sort, DEFAULT_SORT);
    saveListPage(PAGE_KEYS, page);
  },
  clearFilters: () => {
    writeTabItem('reportsSearch', '');
    resetListPage(PAGE_KEYS);
  },
};

describe('useListState', () => {
  afterEach(() => sessionStorage.clear());

  it('opens on page 1 of the default order with no filters', () => {
    const { result } = renderHook(() => useListState(REPORTS_LIST));
    expect(result.current).toMatchObject({ filters: { search: '' }, sort: DEFAULT_SORT, page: 1, cursor: undefined });
  });

  it('restores the filters, the order, the page and its place from the tab’s session storage', () => {
    sessionStorage.setItem('reportsSearch', 'MSCU');
    sessionStorage.setItem('reportsSort', 'amount asc');
    sessionStorage.setItem('reportsPage', '3');
    sessionStorage.setItem('reportsPageCursor', '{"after":"[\\"x\\", 7]"}');
    const { result } = renderHook(() => useListState(REPORTS_LIST));
    expect(result.current).toMatchObject({
      filters: { search: 'MSCU' },
      sort: { field: 'amount', direction: 'asc' },
      page: 3,
      cursor: { after: '["x", 7]' },
    });
  });

  it('saves each change, so the list opens again where it was left', () => {
    const first = renderHook(() => useListState(REPORTS_LIST));
    act(() => first.result.current.setSort({ field: 'amount', direction: 'asc' }));
    act(() => first.result.current.setPage(2, { after: 'x' }));
    expect({ ...sessionStorage }).toEqual({
      reportsSort: 'amount asc',
      reportsPage: '2',
      reportsPageCursor: '{"after":"x"}',
    });
    first.unmount();

    const again = renderHook(() => useListState(REPORTS_LIST));
    expect(again.result.current).toMatchObject({ sort: { field: 'amount' }, page: 2, cursor: { after: 'x' } });
  });

  it('goes back to page 1 when a filter or the order changes', () => {
    sessionStorage.setItem('reportsPage', '4');
    const { result } = renderHook(() => useListState(REPORTS_LIST));
    act(() => result.current.setFilters({ search: 'PO-1' }));
    expect(result.current).toMatchObject({ filters: { search: 'PO-1' }, page: 1 });
    expect(sessionStorage.getItem('reportsPage')).toBe('1');

    act(() => result.current.setPage(3));
    act(() => result.current.setSort({ field: 'date', direction: 'asc' }));
    expect(result.current.page).toBe(1);
    expect(sessionStorage.getItem('reportsPage')).toBe('1');
  });

  it('opens a page saved in another scope at page 1, and its own scope’s page where it was', () => {
    sessionStorage.setItem('reportsPage', '5');
    sessionStorage.setItem('reportsPageScope', 'overdue');
    expect(renderHook(() => useListState(REPORTS_LIST, { scope: 'paid' })).result.current.page).toBe(1);
    expect(renderHook(() => useListState(REPORTS_LIST)).result.current.page).toBe(1);
    const same = renderHook(() => useListState(REPORTS_LIST, { scope: 'overdue' }));
    expect(same.result.current.page).toBe(5);

    act(() => same.result.current.setPage(6));
    expect(sessionStorage.getItem('reportsPageScope')).toBe('overdue');
  });

  it('forgets the saved filters and their page when opened cleared', () => {
    sessionStorage.setItem('reportsSearch', 'MSCU');
    sessionStorage.setItem('reportsPage', '2');
    sessionStorage.setItem('reportsSort', 'amount asc');
    const { result } = renderHook(() => useListState(REPORTS_LIST, { isCleared: true }));
    expect(result.current).toMatchObject({ filters: { search: '' }, page: 1, sort: { field: 'amount' } });
    expect({ ...sessionStorage }).toEqual({ reportsSort: 'amount asc' });
  });

  it('keeps nothing for a list that is not saved', () => {
    const list = unsavedList<Filters, Sort>({ filters: { search: '' }, sort: DEFAULT_SORT });
    const first = renderHook(() => useListState(list));
    act(() => first.result.current.setFilters({ search: 'x' }));
    act(() => first.result.current.setPage(2));
    expect(first.result.current).toMatchObject({ filters: { search: 'x' }, page: 2 });
    first.unmount();
    expect(renderHook(() => useListState(list)).result.current).toMatchObject({ filters: { search: '' }, page: 1 });
    expect(sessionStorage.length).toBe(0);
  });
});
