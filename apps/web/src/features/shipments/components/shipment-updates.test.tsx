import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { shipmentDetail } from '../../../testing/shipment-detail-data.ts';
import { ShipmentUpdates } from './shipment-updates.tsx';

const events = [
  { location: 'Shanghai, CN', type: 'Loaded on vessel', date: '2026-11-01T22:40:00.000Z' },
  { location: 'Newark, NJ', type: 'Discharged', date: '2026-11-24 06:40' },
  { location: 'Newark, NJ', type: 'Available for pickup', date: '2026-11-25' },
  { location: 'Newark, NJ', type: 'Gate out', date: 'soon' },
];

function rows() {
  const table = screen.getByRole('table', { name: 'MSCU4412093' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

describe('ShipmentUpdates', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows an event sent with its zone at the user’s day and time, and a port’s text as written', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    const shipment = shipmentDetail({
      containers: [{ id: 31, container_no: 'MSCU4412093', tracking_info: JSON.stringify(events) }],
    });
    render(<ShipmentUpdates shipment={shipment} />);
    expect(rows()).toEqual(['11/02/2026 7:40 AM', '11/24/2026 6:40 AM', '11/25/2026', 'NOT AVAILABLE']);
  });
});
