import { describe, expect, it } from 'vitest';
import { shipmentDetail } from '../../../testing/shipment-detail-data.ts';
import { containerUpdates } from './shipment-updates.ts';

describe('containerUpdates', () => {
  it('lists the containers with tracking events when the ETA is on or after 2025-08-01', () => {
    const updates = containerUpdates(shipmentDetail({ est_time_arrive: '2025-08-01 00:00:00' }));
    expect(updates.map((each) => each.container.container_no)).toEqual(['MSCU4412093']);
    expect(updates[0]?.events.map((event) => event.type)).toEqual(['Loaded on vessel', 'Vessel departed']);
  });

  it.each(['2025-07-31 23:59:59', '0000-00-00 00:00:00', 'not a date'])('shows none for the ETA %s', (eta) => {
    expect(containerUpdates(shipmentDetail({ est_time_arrive: eta }))).toEqual([]);
  });

  it('skips containers whose tracking is not a readable event list', () => {
    const shipment = shipmentDetail({
      containers: [
        { id: 1, container_no: 'A', tracking_info: 'not json' },
        { id: 2, container_no: 'B', tracking_info: '{"events":[]}' },
      ],
    });
    expect(containerUpdates(shipment)).toEqual([]);
  });
});
