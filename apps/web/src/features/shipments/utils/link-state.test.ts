import { describe, expect, it } from 'vitest';
import { shipmentRow } from '../../../testing/shipments-data.ts';
import { adjacentShipments, idsByEta, readLinkState } from './link-state.ts';

describe('idsByEta', () => {
  it('sorts by ETA, earliest first, unknown last, ties by id', () => {
    const rows = [
      shipmentRow(4, { est_time_arrive: '0000-00-00 00:00:00' }),
      shipmentRow(3, { est_time_arrive: '2026-11-02 10:00:00' }),
      shipmentRow(1, { est_time_arrive: '2026-11-02 10:00:00' }),
      shipmentRow(2, { est_time_arrive: '2026-10-30 10:00:00' }),
    ];
    expect(idsByEta(rows)).toEqual([2, 1, 3, 4]);
  });
});

describe('readLinkState', () => {
  it('reads the ids and filters a list link handed over', () => {
    const state = { ids: [3, 1], filters: { status: 'released' } };
    expect(readLinkState(state)).toEqual(state);
    expect(readLinkState({ ids: [3, 1] })).toEqual({ ids: [3, 1], filters: {} });
  });

  it.each([null, undefined, 'x', {}, { ids: ['1'] }, { ids: [0] }, { ids: [1.5] }])('ignores %j', (state) => {
    expect(readLinkState(state)).toBeNull();
  });
});

describe('adjacentShipments', () => {
  const ids = [7, 3, 9];

  it('gives the shipments before and after, wrapping around at both ends', () => {
    expect(adjacentShipments(ids, 3)).toEqual({ previousId: 7, nextId: 9, position: 2, count: 3 });
    expect(adjacentShipments(ids, 7)).toEqual({ previousId: 9, nextId: 3, position: 1, count: 3 });
    expect(adjacentShipments(ids, 9)).toEqual({ previousId: 3, nextId: 7, position: 3, count: 3 });
  });

  it('has nothing to offer without another shipment or outside the list', () => {
    expect(adjacentShipments([7], 7)).toBeNull();
    expect(adjacentShipments([7, 7], 7)).toBeNull();
    expect(adjacentShipments(ids, 4)).toBeNull();
  });
});
