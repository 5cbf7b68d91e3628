import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ContainerFreeDays } from '@clearport/contract/free-days';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ContainerFreeDaysPanel } from './container-free-days-panel.tsx';

const PATH = '/user/shipments/12/containers/free-days';

const container = (overrides: Partial<ContainerFreeDays> = {}): ContainerFreeDays => ({
  container_id: 7,
  container_no: 'MSKU1234565',
  discharged_at: '2026-11-20T14:00:00.000Z',
  available_at: '2026-11-21T09:30:00.000Z',
  terminal_last_free_day: '2026-11-24',
  customs_hold: false,
  line_hold: true,
  other_hold: false,
  gated_out_at: null,
  delivered_at: null,
  empty_returned_at: null,
  detention_last_free_day: null,
  demurrage_rates: [
    { from_day: 1, cents_per_day: 15_000 },
    { from_day: 5, cents_per_day: 30_000 },
  ],
  detention_rates: null,
  status: { state: 'demurrage', days: 2, charge_cents: 30_000 },
  lfd_history: [
    { which: 'terminal', old_day: null, new_day: '2026-11-23', changed_at: '2026-11-20T15:00:00.000Z' },
    { which: 'terminal', old_day: '2026-11-23', new_day: '2026-11-24', changed_at: '2026-11-22T16:00:00.000Z' },
  ],
  ...overrides,
});

const render = () => renderWithProviders(<ContainerFreeDaysPanel shipmentId={12} />);

describe("the containers' free days panel", () => {
  it('shows each container’s state with its estimate, its dates, holds, rates and last free day changes', async () => {
    mockApi({
      [PATH]: {
        body: {
          today: '2026-11-26',
          containers: [
            container(),
            container({
              container_id: 8,
              container_no: 'TGHU7654321',
              terminal_last_free_day: null,
              discharged_at: null,
              available_at: null,
              line_hold: false,
              demurrage_rates: null,
              status: { state: 'on_time' },
              lfd_history: [],
            }),
          ],
        },
      },
    });
    render();
    const first = await screen.findByRole('article', { name: 'MSKU1234565' });
    expect(within(first).getByText('Demurrage for 2 days, about $300.00')).toBeTruthy();
    const valueOf = (label: string) =>
      within(first).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Last free day')).toBe('11/24/2026');
    expect(valueOf('Terminal holds')).toBe('Line');
    expect(valueOf('Demurrage rate')).toBe('$150.00/day from day 1, $300.00/day from day 5');
    const changes = within(first)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(changes[0]).toMatch(/^Last free day: not set → 11\/23\/2026, 11\/20\/2026/);
    expect(changes[1]).toMatch(/^Last free day: 11\/23\/2026 → 11\/24\/2026, 11\/22\/2026/);

    const second = screen.getByRole('article', { name: 'TGHU7654321' });
    // No date sent: no state to tell, rather than On time.
    expect(within(second).queryByText('On time')).toBeNull();
    expect(within(second).getByText('Your broker has not sent this container’s dates yet.')).toBeTruthy();
    expect(screen.getByText(/Charges are estimates/)).toBeTruthy();
  });

  it('says when the shipment has no containers', async () => {
    mockApi({ [PATH]: { body: { today: '2026-11-26', containers: [] } } });
    render();
    expect(await screen.findByText('This shipment has no containers yet.')).toBeTruthy();
    expect(screen.queryByText(/Charges are estimates/)).toBeNull();
  });

  it('offers to try again when the free days cannot be loaded', async () => {
    mockApi({ [PATH]: { status: 500, body: { message: 'Server error' } } });
    render();
    expect(await screen.findByText('The containers’ free days could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
