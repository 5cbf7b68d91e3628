import { describe, expect, it } from 'vitest';
import { shipmentRow } from '../../../testing/shipments-data.ts';
import { ShipmentsListQuery } from '@clearport/contract/shipments';
import { adjacentShipments, idsOf, readLinkState } from './link-state.ts';

describe('idsOf', () => {
  it('keeps the order the table shows', () => {
    expect(idsOf([shipmentRow(4), shipmentRow(3), shipmentRow(1)])).toEqual([4, 3, 1]);
  });
});

describe('readLinkState', () => {
  it('reads the ids and filters a list link handed over', () => {
    const state = { ids: [3, 1], filters: { status: 'released' } };
    expect(readLinkState(state)).toEqual(state);
    expect(readLinkState({ ids: [3, 1] })).toEqual({ ids: [3, 1], filters: {} });
  });

  it('reads the list page, and leaves out one that does not hold', () => {
    const list = { query: ShipmentsListQuery.parse({ page: 2 }), total: 45, lastPage: 3 };
    expect(readLinkState({ ids: [3], filters: {}, list })).toEqual({ ids: [3], filters: {}, list });
    expect(readLinkState({ ids: [3], filters: {}, list: { ...list, lastPage: 0 } })).toEqual({ ids: [3], filters: {} });
    expect(readLinkState({ ids: [3], filters: {}, list: { ...list, query: { page: -1 } } })).toEqual({
      ids: [3],
      filters: {},
    });
  });

  it("keeps the list page's cursors, each a text or none", () => {
    const list = { query: ShipmentsListQuery.parse({ page: 2 }), total: 45, lastPage: 3 };
    const cursors = { before: '[null, 3]', after: '[null, 1]' };
    expect(readLinkState({ ids: [3], filters: {}, list: { ...list, cursors } })?.list?.cursors).toEqual(cursors);
    expect(readLinkState({ ids: [3], filters: {}, list: { ...list, cursors: { after: 7 } } })?.list?.cursors).toEqual({
      before: null,
      after: null,
    });
  });

  it.each([null, undefined, 'x', {}, { ids: ['1'] }, { ids: [0] }, { ids: [1.5] }])('ignores %j', (state) => {
    expect(readLinkState(state)).toBeNull();
  });
});

describe('adjacentShipments', () => {
  const onePage = { ids: [7, 3, 9], filters: {} };

  it('steps through one page in its order, wrapping at both ends', () => {
    expect(adjacentShipments(onePage, 3)).toEqual({ previous: { id: 7 }, next: { id: 9 }, position: 2, count: 3 });
    expect(adjacentShipments(onePage, 7)).toEqual({ previous: { id: 9 }, next: { id: 3 }, position: 1, count: 3 });
    expect(adjacentShipments(onePage, 9)).toEqual({ previous: { id: 3 }, next: { id: 7 }, position: 3, count: 3 });
  });

  it('counts the whole list and goes on to the next and previous pages at the ends of one', () => {
    const list = (page: number) => ({ query: ShipmentsListQuery.parse({ page, per_page: 3 }), total: 8, lastPage: 3 });
    const middle = { ids: [4, 5, 6], filters: {}, list: list(2) };
    expect(adjacentShipments(middle, 5)).toEqual({ previous: { id: 4 }, next: { id: 6 }, position: 5, count: 8 });
    expect(adjacentShipments(middle, 4)).toMatchObject({ previous: { page: 1, end: 'last' }, position: 4 });
    expect(adjacentShipments(middle, 6)).toMatchObject({ next: { page: 3, end: 'first' }, position: 6 });
    // The last page wraps to the first, and the first to the last.
    const last = { ids: [7, 8], filters: {}, list: list(3) };
    expect(adjacentShipments(last, 8)).toMatchObject({ next: { page: 1, end: 'first' }, position: 8, count: 8 });
    const first = { ids: [1, 2, 3], filters: {}, list: list(1) };
    expect(adjacentShipments(first, 1)).toMatchObject({ previous: { page: 3, end: 'last' }, position: 1 });
  });

  it('is null with nothing else to go to, or for a shipment not on the page', () => {
    expect(adjacentShipments({ ids: [7], filters: {} }, 7)).toBeNull();
    expect(adjacentShipments({ ids: [7, 7], filters: {} }, 7)).toBeNull();
    expect(adjacentShipments(onePage, 4)).toBeNull();
  });
});
