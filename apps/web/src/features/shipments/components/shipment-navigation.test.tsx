import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams, type InitialEntry } from 'react-router';
import { renderRoutes } from '../../../testing/test-utils.tsx';
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
