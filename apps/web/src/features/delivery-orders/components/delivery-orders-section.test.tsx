import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { deliveryOrder, shipmentDetail } from '../../../testing/shipment-detail-data.ts';
import { DELIVERY_ORDER_SETTINGS } from '../../../testing/delivery-order-settings.ts';
import { bodiesSentTo, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { DeliveryOrdersSection, ORDERS_SHOWN } from './delivery-orders-section.tsx';

const TOGGLE_PATH = '/user/shipments/toggle-ignore';

function renderSection(
  changes: {
    ignored?: 0 | 1;
    orders?: ReturnType<typeof deliveryOrder>[];
    withoutContainers?: boolean;
    withoutBills?: boolean;
  } = {},
) {
  const onIgnoredChange = vi.fn();
  const onOrdersChange = vi.fn();
  const shipment = shipmentDetail({
    ignored_shipment: changes.ignored ?? 0,
    delivery_orders: changes.orders ?? [],
    ...(changes.withoutContainers ? { containers: [] } : {}),
    ...(changes.withoutBills ? { bill_lading: [] } : {}),
  });
  renderWithProviders(
    <DeliveryOrdersSection
      shipment={shipment}
      settings={DELIVERY_ORDER_SETTINGS}
      onIgnoredChange={onIgnoredChange}
      onOrdersChange={onOrdersChange}
      brokerEmail="desk@broker.example"
    />,
  );
  return { onIgnoredChange, onOrdersChange };
}

const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });
const skip = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Skip Delivery Order' });

describe('DeliveryOrdersSection', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('places New Delivery Order and says when there is no order yet', () => {
    mockApi({});
    renderSection();
    const section = screen.getByRole('region', { name: 'Delivery orders' });
    expect(within(section).getByRole('button', { name: 'New Delivery Order' })).toBeTruthy();
    expect(within(section).getByText('No delivery orders yet.')).toBeTruthy();
  });

  it("says before any form, in the spec's words with the brokerage's address, that a shipment without containers cannot have an order yet", async () => {
    mockApi({});
    renderSection({ withoutContainers: true });
    const button = screen.getByRole('button', { name: 'New Delivery Order' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This shipment is still missing a container number. Please wait for that information to be available or contact desk@broker.example.',
    );
    await userEvent.click(button);
    expect(screen.getByText('No delivery orders yet.')).toBeTruthy();
  });

  it('says the same of a shipment with containers and no bill of lading, which no order could be saved without', () => {
    mockApi({});
    renderSection({ withoutBills: true });
    const button = screen.getByRole('button', { name: 'New Delivery Order' });
    expect(button).toHaveProperty('disabled', true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This shipment is still missing a bill of lading. Please wait for that information to be available or contact desk@broker.example.',
    );
  });

  it('lists each order with its state, and a link to its PDF with the day it was sent', () => {
    mockApi({});
    renderSection({
      orders: [
        deliveryOrder(3, { approved: 1, path: 'delivery-orders/3.pdf', sent_at: '2026-11-20T18:30:00.000Z' }),
        deliveryOrder(4),
      ],
    });
    const first = screen.getByRole('article', { name: 'Delivery Order 3' });
    expect(within(first).getByText('Approved')).toBeTruthy();
    expect(within(first).getByText('Harbor Express Drayage')).toBeTruthy();
    expect(within(first).getByRole('checkbox', { name: /^MSCU4412093/ })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Delivery order PDF' })).toBeTruthy();
    expect(within(first).getByText('Sent 11/20/2026')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Delivery Order 4' });
    expect(within(second).getByText('Awaiting approval')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Delivery order PDF' })).toBeNull();
    expect(within(second).queryByText(/^Sent /)).toBeNull();
  });

  it(`shows the latest ${ORDERS_SHOWN} orders with their forms, and the earlier ones when asked`, async () => {
    const user = userEvent.setup();
    mockApi({});
    const orders = Array.from({ length: ORDERS_SHOWN + 2 }, (_, index) => deliveryOrder(index + 1));
    renderSection({ orders });
    const titles = () => screen.getAllByRole('article').map((order) => order.getAttribute('aria-label'));
    expect(titles()).toEqual(orders.slice(2).map((order) => `Delivery Order ${order.id}`));
    await user.click(screen.getByRole('button', { name: 'Show 2 earlier delivery orders' }));
    expect(titles()).toEqual(orders.map((order) => `Delivery Order ${order.id}`));
    expect(screen.queryByRole('button', { name: /earlier/ })).toBeNull();
  });

  it('adds a new order with New Delivery Order, and Delete drops it without a call', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderSection();
    await user.click(screen.getByRole('button', { name: 'New Delivery Order' }));
    const draft = screen.getByRole('article', { name: 'New delivery order (not saved)' });
    expect(within(draft).getByRole<HTMLInputElement>('textbox', { name: 'Reference number' }).value).toBe('PO-48213');
    await user.click(within(draft).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('article', { name: 'New delivery order (not saved)' })).toBeNull();
    expect(screen.getByText('No delivery orders yet.')).toBeTruthy();
    expect(fetchMock.mock.calls.every(([url]) => String(url).endsWith('/user/settings'))).toBe(true);
  });

  it('sets Skip Delivery Order through toggle-ignore and hands on the stored flag', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ [TOGGLE_PATH]: { body: { shipment_id: 12, ignored_shipment: 1 } } });
    const { onIgnoredChange } = renderSection();
    expect(skip().checked).toBe(false);
    await user.click(skip());
    expect(await toast('Shipment ignore status updated successfully!')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, TOGGLE_PATH)).toEqual([
      { shipment_id: 12, ignore: true, category: 'WithoutDeliveryOrder' },
    ]);
    expect(onIgnoredChange).toHaveBeenCalledWith({ shipment_id: 12, ignored_shipment: 1 });
  });

  it('shows the change at once and holds it while the request is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderSection();
    fireEvent.click(skip());
    expect(skip().checked).toBe(true);
    expect(skip().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(skip());
    expect(skip().checked).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(Response.json({ shipment_id: 12, ignored_shipment: 1 }));
    expect(await toast('Shipment ignore status updated successfully!')).toBeTruthy();
    expect(skip().checked).toBe(true);
  });

  it('unsets it for a skipped shipment', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ [TOGGLE_PATH]: { body: { shipment_id: 12, ignored_shipment: 0 } } });
    renderSection({ ignored: 1 });
    expect(skip().checked).toBe(true);
    await user.click(skip());
    await toast('Shipment ignore status updated successfully!');
    expect(bodiesSentTo(fetchMock, TOGGLE_PATH)).toEqual([
      { shipment_id: 12, ignore: false, category: 'WithoutDeliveryOrder' },
    ]);
  });

  it.each([
    [{ status: 404, body: { message: 'Shipment not found.' } }, 'Shipment not found.'],
    [{ status: 502, body: {} }, 'Unable to update shipment ignore status, please try again later.'],
  ])('shows the failure %#, leaving the box as it was', async (answer, message) => {
    const user = userEvent.setup();
    mockApi({ [TOGGLE_PATH]: answer });
    const { onIgnoredChange } = renderSection();
    await user.click(skip());
    expect(await toast(message)).toBeTruthy();
    expect(skip().checked).toBe(false);
    expect(onIgnoredChange).not.toHaveBeenCalled();
  });

  it('says Something went wrong when no answer comes', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderSection();
    await user.click(skip());
    expect(await toast('Something went wrong, please try again later.')).toBeTruthy();
  });
});
