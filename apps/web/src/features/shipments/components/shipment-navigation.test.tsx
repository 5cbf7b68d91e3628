import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams, type InitialEntry } from 'react-router';
import { ShipmentsListQuery } from '@clearport/contract/shipments';
import { listReply, shipmentRow } from '../../../testing/shipments-data.ts';
import { mockApi, renderRoutes, requestsTo } from '../../../testing/test-utils.tsx';
import { readLinkState } from '../utils/link-state.ts';
import { ShipmentNavigation } from './shipment-navigation.tsx';

function ShipmentHeader() {
  const { id } = useParams();
  const location = useLocation();
  return (
    <>
      <h1>Shipment {id}</h1>
      <ShipmentNavigation shipmentId={Number(id)} linkState={readLinkState(location.state)} />
    </>
  );
}

const LIST_STATE = { ids: [7, 3, 9], filters: { status: 'released' } };

function renderNavigation(entry: InitialEntry) {
  const routes = [
    { path: '/shipments/:id', element: <ShipmentHeader /> },
    { path: '/shipments', element: <h1>List</h1> },
  ];
  return renderRoutes(routes, entry);
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('ShipmentNavigation', () => {
  it('steps through the list, wrapping at both ends and replacing the address', async () => {
    const user = userEvent.setup();
    const { router } = renderNavigation({ pathname: '/shipments/9', state: LIST_STATE });
    expect(screen.getByText('3 of 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next shipment' }));
    expect(heading()).toBe('Shipment 7');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual(LIST_STATE);
    expect(screen.getByText('1 of 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous shipment' }));
    expect(heading()).toBe('Shipment 9');
    await user.click(screen.getByRole('button', { name: 'Previous shipment' }));
    expect(heading()).toBe('Shipment 3');
  });

  it('goes on to the next and previous pages of the list, in its order, and round at both ends', async () => {
    const user = userEvent.setup();
    // Five shipments, two a page (ids 11 to 15 in the list's order), filtered by status.
    const pages: Record<number, number[]> = { 1: [11, 12], 2: [13, 14], 3: [15] };
    const fetchMock = mockApi({
      '/user/shipments': (url) => {
        const page = Number(url.searchParams.get('page'));
        const reply = listReply(
          pages[page]!.map((id) => shipmentRow(id)),
          5,
          page,
        );
        return { body: { ...reply, pagination: { ...reply.pagination, per_page: 2, last_page: 3 } } };
      },
    });
    const query = ShipmentsListQuery.parse({ page: 2, per_page: 2, status: 'released' });
    const state = { ids: [13, 14], filters: { status: 'released' }, list: { query, total: 5, lastPage: 3 } };
    const { router } = renderNavigation({ pathname: '/shipments/14', state });
    expect(screen.getByText('4 of 5')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next shipment' }));
    await screen.findByText('5 of 5');
    expect(heading()).toBe('Shipment 15');
    expect(requestsTo(fetchMock, '/user/shipments').at(-1)?.searchParams.get('status')).toBe('released');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'Next shipment' }));
    await screen.findByText('1 of 5');
    expect(heading()).toBe('Shipment 11');

    await user.click(screen.getByRole('button', { name: 'Previous shipment' }));
    await screen.findByText('5 of 5');
    expect(heading()).toBe('Shipment 15');
    await user.click(screen.getByRole('button', { name: 'Previous shipment' }));
    await screen.findByText('4 of 5');
    expect(heading()).toBe('Shipment 14');
    await user.click(screen.getByRole('button', { name: 'Previous shipment' }));
    expect(heading()).toBe('Shipment 13');
    // Page 3 came again from the cache.
    expect(requestsTo(fetchMock, '/user/shipments').map((url) => url.searchParams.get('page'))).toEqual([
      '3',
      '1',
      '2',
    ]);
  });

  it('goes back to the list the shipment was opened from', async () => {
    const user = userEvent.setup();
    const { router } = renderNavigation('/shipments');
    await router.navigate('/shipments/3', { state: LIST_STATE });
    await user.click(await screen.findByRole('button', { name: 'Next shipment' }));
    expect(heading()).toBe('Shipment 9');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(heading()).toBe('List');
  });

  it('offers only Back, to the shipments list, when not opened from a list', async () => {
    const user = userEvent.setup();
    const { router } = renderNavigation('/shipments/3');
    expect(screen.queryByRole('button', { name: 'Next shipment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous shipment' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/shipments');
  });

  it('offers no stepping when the shipment is not in the list it came with', () => {
    renderNavigation({ pathname: '/shipments/4', state: LIST_STATE });
    expect(screen.queryByRole('button', { name: 'Next shipment' })).toBeNull();
  });
});
