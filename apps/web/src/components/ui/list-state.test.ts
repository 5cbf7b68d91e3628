import { afterEach, describe, expect, it } from 'vitest';
import {
  cursorForStep,
  readListPage,
  readListSort,
  resetListPage,
  saveListPage,
  saveListSort,
  unsavedList,
  type ListSort,
} from './list-state.ts';

const KEYS = { page: 'reportsPage', cursor: 'reportsPageCursor', scope: 'reportsPageScope' };
const DEFAULT_SORT: ListSort<'date' | 'amount'> = { field: 'date', direction: 'desc' };

describe('cursorForStep', () => {
  const cursors = { before: '["2026-11-02 10:00:00.000000", 9]', after: '["2026-11-01 10:00:00.000000", 4]' };

  it('reads the next page after the last row and the previous one before the first', () => {
    expect(cursorForStep(3, 4, cursors)).toEqual({ after: cursors.after });
    expect(cursorForStep(3, 2, cursors)).toEqual({ before: cursors.before });
  });

  it('reads page 1 from the start, and counts a page it does not step to', () => {
    expect(cursorForStep(2, 1, cursors)).toBeUndefined();
    expect(cursorForStep(1, 5, cursors)).toBeUndefined();
    expect(cursorForStep(5, 1, cursors)).toBeUndefined();
    expect(cursorForStep(3, 4, undefined)).toBeUndefined();
    expect(cursorForStep(3, 4, { before: null, after: null })).toBeUndefined();
  });
});

describe('a list page in tab storage', () => {
  afterEach(() => sessionStorage.clear());

  it('is page 1 when nothing, or nothing readable, is kept', () => {
    expect(readListPage(KEYS)).toEqual({ page: 1 });
    sessionStorage.setItem(KEYS.page, '-2');
    sessionStorage.setItem(KEYS.cursor, '{"after":"x"}');
    expect(readListPage(KEYS)).toEqual({ page: 1 });
  });

  it('keeps the page, the place it was read from and its scope, and forgets the place with the page', () => {
    saveListPage(KEYS, { page: 4, cursor: { before: '["x", 4]' }, scope: 'without-do' });
    expect({ ...sessionStorage }).toEqual({
      reportsPage: '4',
      reportsPageCursor: '{"before":"[\\"x\\", 4]"}',
      reportsPageScope: 'without-do',
    });
    expect(readListPage(KEYS)).toEqual({ page: 4, cursor: { before: '["x", 4]' }, scope: 'without-do' });
    resetListPage(KEYS);
    expect(readListPage(KEYS)).toEqual({ page: 1, scope: 'without-do' });
  });

  it('of a list without keyset paging is the page alone', () => {
    saveListPage({ page: 'billingPage' }, { page: 3, cursor: { after: 'x' }, scope: 'y' });
    expect({ ...sessionStorage }).toEqual({ billingPage: '3' });
  });
});

describe('a list order in tab storage', () => {
  afterEach(() => sessionStorage.clear());

  it('is kept as field and direction, the default as nothing', () => {
    saveListSort('reportsSort', { field: 'amount', direction: 'asc' }, DEFAULT_SORT);
    expect(sessionStorage.getItem('reportsSort')).toBe('amount asc');
    expect(readListSort('reportsSort', ['date', 'amount'], DEFAULT_SORT)).toEqual({
      field: 'amount',
      direction: 'asc',
    });
    saveListSort('reportsSort', { field: 'date', direction: 'desc' }, DEFAULT_SORT);
    expect(sessionStorage.length).toBe(0);
  });

  it('is the default when it names no column or no direction', () => {
    for (const text of ['price asc', 'amount up', '{"field":"amount"}']) {
      sessionStorage.setItem('reportsSort', text);
      expect(readListSort('reportsSort', ['date', 'amount'], DEFAULT_SORT)).toBe(DEFAULT_SORT);
    }
  });
});

describe('unsavedList', () => {
  it('opens as it was given, on page 1, and keeps nothing', () => {
    const list = unsavedList({ filters: { search: '' }, sort: DEFAULT_SORT });
    list.save({ filters: { search: 'x' }, sort: DEFAULT_SORT, page: 3 });
    expect(list.read()).toEqual({ filters: { search: '' }, sort: DEFAULT_SORT, page: 1 });
    expect(sessionStorage.length).toBe(0);
  });
});
