import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shipmentDetail } from '../../../testing/shipment-detail-data.ts';
import { CONTAINERS_SHOWN, EVENTS_SHOWN, ShipmentUpdates } from './shipment-updates.tsx';

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

  it(`shows a container's latest ${EVENTS_SHOWN} events and the first ${CONTAINERS_SHOWN} containers, and the rest when asked`, async () => {
    const user = userEvent.setup();
    const history = Array.from({ length: EVENTS_SHOWN + 4 }, (_, index) => ({
      location: 'Newark, NJ',
      type: `Event ${index + 1}`,
      date: '2026-11-24 06:40',
    }));
    const containers = Array.from({ length: CONTAINERS_SHOWN + 2 }, (_, index) => ({
      id: index + 1,
      container_no: `MSCU${4412000 + index}`,
      tracking_info: JSON.stringify(history),
    }));
    render(<ShipmentUpdates shipment={shipmentDetail({ containers })} />);
    const tables = () => screen.getAllByRole('table').map((table) => table.querySelector('caption')?.textContent);
    expect(tables()).toEqual(containers.slice(0, CONTAINERS_SHOWN).map((each) => each.container_no));
    const first = screen.getByRole('region', { name: 'MSCU4412000' });
    const types = () =>
      within(first)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(types()).toEqual(history.slice(4).map((event) => event.type));
    await user.click(within(first).getByRole('button', { name: 'Show 4 earlier events' }));
    expect(types()).toEqual(history.map((event) => event.type));
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(screen.getAllByRole('button', { name: 'Show 4 earlier events' })).toHaveLength(CONTAINERS_SHOWN - 1);
    await user.click(screen.getByRole('button', { name: 'Show 2 more containers' }));
    expect(tables()).toEqual(containers.map((each) => each.container_no));
    expect(screen.queryByRole('button', { name: /more containers/ })).toBeNull();
  });
});
