import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { DELIVERY_ORDER_ERRORS, deliveryOrderRevision, type DeliveryOrder } from '@clearport/contract/delivery-orders';
import type { SettingsResponse } from '@clearport/contract/settings';
import type { ShipmentDetail } from '@clearport/contract/shipment-detail';
import {
  deliveryOrder,
  newWarehouseRow,
  shipmentDetail,
  trucker,
  warehouse,
} from '../../../testing/shipment-detail-data.ts';
import { DELIVERY_ORDER_SETTINGS } from '../../../testing/delivery-order-settings.ts';
import { bodiesSentTo, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { fillText } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { DeliveryOrderEditor } from './delivery-order-editor.tsx';

const SETTINGS_PATH = '/user/settings';
const CREATE_PATH = '/user/shipments/12/delivery_order';

const SETTINGS: SettingsResponse = {
  user: {
    id: 1,
    email: 'primary@demo.test',
    accounts: [{ account_no: '40001', name: 'Demo Imports East' }],
    document_emails: { email: '', cc_emails: [] },
    _7501_emails: { email: '', cc_emails: [] },
    invoice_emails: { email: '', cc_emails: [] },
    delivery_order_mails: { email: '', cc_emails: [] },
    truckers: [trucker(5, 'Harbor Express Drayage'), trucker(7, 'Port Logistics Trucking', { status: 0 })],
    warehouses: [warehouse(6, 'Carson Distribution Center'), warehouse(8, 'Old Depot', { status: 0 })],
  },
};

type Answers = Parameters<typeof mockApi>[0];

type EditorOptions = {
  shipment?: Partial<ShipmentDetail>;
  order?: DeliveryOrder;
  answers?: Answers;
  lastFreeDays?: ReadonlyMap<number, string>;
};

function renderEditor(options: EditorOptions = {}) {
  const fetchMock = mockApi({ [SETTINGS_PATH]: { body: SETTINGS }, ...options.answers });
  const onSaved = vi.fn();
  const onDeleted = vi.fn();
  renderWithProviders(
    <DeliveryOrderEditor
      shipment={shipmentDetail(options.shipment)}
      settings={DELIVERY_ORDER_SETTINGS}
      order={options.order}
      lastFreeDays={options.lastFreeDays}
      onSaved={onSaved}
      onDeleted={onDeleted}
    />,
  );
  return { fetchMock, onSaved, onDeleted };
}

const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });

/** Opens a dropdown and gives back the texts it offers. */
async function optionsOf(user: UserEvent, label: string): Promise<string[]> {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return options;
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('DeliveryOrderEditor', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('offers only active truckers and warehouses, then Add New', async () => {
    const user = userEvent.setup();
    renderEditor();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Trucker' })).toBeTruthy());
    await waitFor(async () => expect(await optionsOf(user, 'Trucker')).toEqual(['Harbor Express Drayage', 'Add New']));
    expect(await optionsOf(user, 'Warehouse')).toEqual(['Carson Distribution Center', 'Add New']);
  });

  it('shows the order’s deleted trucker with (Deleted)', async () => {
    const user = userEvent.setup();
    const base = deliveryOrder(3);
    const order = { ...base, trucker_id: 9, trucker: trucker(9, 'Bayside Transport', { deleted_at: '2026-10-01' }) };
    renderEditor({ order });
    expect(await screen.findByText('Bayside Transport (Deleted)')).toBeTruthy();
    await waitFor(async () => expect(await optionsOf(user, 'Trucker')).toContain('Harbor Express Drayage'));
  });

  it('preselects a single container read-only and defaults the reference to the customer reference', () => {
    renderEditor({
      shipment: { containers: [{ id: 31, container_no: 'MSCU4412093', tracking_info: '[]' }] },
    });
    const container = screen.getByRole<HTMLInputElement>('checkbox', { name: 'MSCU4412093' });
    expect(container.checked).toBe(true);
    expect(container.disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Reference number' }).value).toBe('PO-48213');
  });

  it('labels the containers another order holds (Assigned)', () => {
    renderEditor({ shipment: { delivery_orders: [deliveryOrder(3, { containers: [32] })] } });
    expect(screen.getByRole('checkbox', { name: 'TGHU8830021 (Assigned)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'MSCU4412093' })).toBeTruthy();
  });

  describe('a shipment of many containers', () => {
    // 30 containers, 101-130; the order holds the 20th.
    const containers = Array.from({ length: 30 }, (_, index) => ({
      id: 101 + index,
      container_no: `MSCU${4_412_000 + index * 37}`,
      tracking_info: '[]',
    }));
    const numberOf = (id: number) => containers.find((container) => container.id === id)!.container_no;
    const containerBoxes = () =>
      within(screen.getByRole('group', { name: 'Containers' })).getAllByRole<HTMLInputElement>('checkbox');

    function renderMany({ held = 120, others = [] as ReturnType<typeof deliveryOrder>[] } = {}) {
      const order = deliveryOrder(21, {
        containers: [held],
        delivery_order_containers: [{ container_id: held, container: { id: held, container_no: numberOf(held) } }],
      });
      return renderEditor({
        shipment: { containers, delivery_orders: [order, ...others] },
        order,
        answers: { '/user/shipments/12/delivery_order/21': { body: { delivery_order: order } } },
      });
    }

    it('shows the first 12 and the order’s own, a count of those chosen, and a button for the rest', () => {
      renderMany();
      expect(containerBoxes().map((box) => box.labels?.[0]?.textContent)).toEqual([
        ...containers.slice(0, 12).map((container) => container.container_no),
        numberOf(120),
      ]);
      expect(containerBoxes().at(-1)!.checked).toBe(true);
      expect(screen.getByText('1 of 30 chosen')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Show 17 more containers' })).toBeTruthy();
    });

    it('finds a container by part of its number; a box ticked there stays once the search is cleared', async () => {
      const user = userEvent.setup();
      const { fetchMock } = renderMany();
      const search = screen.getByRole('searchbox', { name: 'Find a container' });
      await user.type(search, numberOf(127).slice(-5).toLowerCase());
      expect(containerBoxes().map((box) => box.labels?.[0]?.textContent)).toEqual([numberOf(127)]);
      // Enter in the search finds; it does not save the order.
      await user.keyboard('{Enter}');
      expect(bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21')).toEqual([]);
      await user.click(screen.getByRole('checkbox', { name: numberOf(127) }));
      expect(screen.getByText('2 of 30 chosen')).toBeTruthy();

      await user.clear(search);
      await user.type(search, 'XYZ');
      expect(screen.getByText('No container number contains “XYZ”.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /more containers/ })).toBeNull();
      await user.clear(search);
      expect(containerBoxes()).toHaveLength(14);
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: numberOf(127) }).checked).toBe(true);
      expect(screen.getByRole('button', { name: 'Show 16 more containers' })).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21')).toHaveLength(1));
      expect(bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21')[0]).toMatchObject({
        containers: [120, 127],
      });
    });

    it('keeps a box it unticked in its place', async () => {
      const user = userEvent.setup();
      renderMany();
      await user.click(screen.getByRole('checkbox', { name: numberOf(120) }));
      expect(screen.getByText('0 of 30 chosen')).toBeTruthy();
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: numberOf(120) }).checked).toBe(false);
    });

    it('shows the rest on the button, the focus on the first box it brought', async () => {
      const user = userEvent.setup();
      renderMany();
      await user.click(screen.getByRole('button', { name: 'Show 17 more containers' }));
      expect(containerBoxes().map((box) => box.labels?.[0]?.textContent)).toEqual(
        containers.map((container) => container.container_no),
      );
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: numberOf(113) })));
    });

    it('puts the focus past the boxes shown before: the order’s own 13th container was one', async () => {
      const user = userEvent.setup();
      renderMany({ held: 113 });
      await user.click(screen.getByRole('button', { name: 'Show 17 more containers' }));
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: numberOf(114) })));
    });

    it('searches the numbers only, not the (Assigned) beside those another order holds', async () => {
      const user = userEvent.setup();
      renderMany({ others: [deliveryOrder(22, { containers: [104] })] });
      expect(screen.getByRole('checkbox', { name: `${numberOf(104)} (Assigned)` })).toBeTruthy();
      await user.type(screen.getByRole('searchbox', { name: 'Find a container' }), 'assigned');
      expect(screen.getByText('No container number contains “assigned”.')).toBeTruthy();
      await user.clear(screen.getByRole('searchbox', { name: 'Find a container' }));
      await user.type(screen.getByRole('searchbox', { name: 'Find a container' }), numberOf(104).slice(-4));
      expect(containerBoxes().map((box) => box.labels?.[0]?.textContent)).toEqual([`${numberOf(104)} (Assigned)`]);
    });

    it('offers a consolidation’s many house bills the same way, counting the house bills chosen', async () => {
      const user = userEvent.setup();
      const houseBills = Array.from({ length: 20 }, (_, index) => ({
        id: 201 + index,
        bill_lading: `HLCU${7_700_100 + index * 13}`,
        is_master_bill_lading: 0 as const,
      }));
      renderEditor({
        shipment: { bill_lading: [{ id: 41, bill_lading: 'MEDU123456789', is_master_bill_lading: 1 }, ...houseBills] },
      });
      const house = within(screen.getByRole('group', { name: 'House' }));
      expect(house.getAllByRole('checkbox')).toHaveLength(12);
      // The one master bill stands alone, without a search.
      expect(within(screen.getByRole('group', { name: 'Master' })).queryByRole('searchbox')).toBeNull();
      await user.click(screen.getByRole('checkbox', { name: 'MEDU123456789' }));
      expect(house.getByText('0 of 20 chosen')).toBeTruthy();
      await user.type(
        house.getByRole('searchbox', { name: 'Find a house bill' }),
        houseBills[17]!.bill_lading.slice(-4),
      );
      await user.click(house.getByRole('checkbox', { name: houseBills[17]!.bill_lading }));
      expect(house.getByText('1 of 20 chosen')).toBeTruthy();
      await user.clear(house.getByRole('searchbox', { name: 'Find a house bill' }));
      await user.type(house.getByRole('searchbox', { name: 'Find a house bill' }), 'MEDU');
      expect(house.getByText('No bill number contains “MEDU”.')).toBeTruthy();
      await user.clear(house.getByRole('searchbox', { name: 'Find a house bill' }));
      await user.click(house.getByRole('button', { name: 'Show 7 more bills' }));
      expect(house.getAllByRole('checkbox')).toHaveLength(20);
    });

    it('lists a shipment of 12 or fewer whole, without a search', () => {
      renderEditor({ shipment: { containers: containers.slice(0, 12) } });
      expect(containerBoxes()).toHaveLength(12);
      expect(screen.queryByRole('searchbox')).toBeNull();
    });
  });

  it('highlights every missing field and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please select a trucker.')).toBeTruthy();
    expect(screen.getByText('Please select a warehouse.')).toBeTruthy();
    expect(screen.getByText('Please select at least one container.')).toBeTruthy();
    expect(screen.getByText('Please select at least one bill of lading.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Trucker' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('group', { name: 'Containers' }).hasAttribute('data-invalid')).toBe(true);
    expect(screen.getByRole('group', { name: 'Bills of lading' }).hasAttribute('data-invalid')).toBe(true);
    expect(bodiesSentTo(fetchMock, CREATE_PATH)).toEqual([]);
  });

  it('creates the order with the chosen values', async () => {
    const user = userEvent.setup();
    const saved = deliveryOrder(21);
    const { fetchMock, onSaved } = renderEditor({ answers: { [CREATE_PATH]: { body: { delivery_order: saved } } } });
    await waitFor(async () => expect(await optionsOf(user, 'Trucker')).toContain('Harbor Express Drayage'));
    await choose(user, 'Trucker', 'Harbor Express Drayage');
    await choose(user, 'Warehouse', 'Carson Distribution Center');
    await user.click(screen.getByRole('checkbox', { name: 'MSCU4412093' }));
    await user.click(screen.getByRole('checkbox', { name: 'MEDU123456789' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Dock 4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodiesSentTo(fetchMock, CREATE_PATH)).toEqual([
      {
        trucker_id: 5,
        warehouse_id: 6,
        reference_number: 'PO-48213',
        note: 'Dock 4',
        containers: [31],
        bill_ladings: [41],
        pickup_date: null,
        reuse_assigned_containers: false,
      },
    ]);
    // A new order is named by a request key, so that Save pressed again after a lost answer makes no second one.
    const created = fetchMock.mock.calls.find(([input]) => String(input).endsWith(CREATE_PATH));
    expect(new Headers(created?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('warns when the pick-up date asked for is after a chosen container’s last free day, and sends the date', async () => {
    const user = userEvent.setup();
    const order = deliveryOrder(21, { containers: [31, 32] });
    const { fetchMock } = renderEditor({
      order,
      answers: { '/user/shipments/12/delivery_order/21': { body: { delivery_order: order } } },
      lastFreeDays: new Map([
        [31, '2026-12-02'],
        [32, '2026-12-05'],
      ]),
    });
    const pickup = screen.getByLabelText('Pick-up date');
    await user.type(pickup, '2026-12-02');
    expect(screen.queryByText(/after the last free day/)).toBeNull();
    await user.clear(pickup);
    await user.type(pickup, '2026-12-03');
    const warning = await screen.findByText(/after the last free day/);
    expect(warning.textContent).toBe(
      'A pick-up on 12/03/2026 is after the last free day of MSCU4412093 (12/02/2026): demurrage may be charged from the day after it.',
    );
    expect(pickup.getAttribute('aria-describedby')).toBe(warning.id);
    // A container taken off the order takes its warning with it.
    await user.click(screen.getByRole('checkbox', { name: 'MSCU4412093' }));
    expect(screen.queryByText(/after the last free day/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21')).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21')[0]).toMatchObject({
      containers: [32],
      pickup_date: '2026-12-03',
    });
  });

  it.each([
    // A year of five digits the field holds but no calendar day has.
    ['20266-12-02', 'Enter a pick-up date the calendar has, as 12/02/2026, or clear the field.'],
    // A slip of the keys: 226 typed for 2026.
    ['0226-12-07', 'Enter a pick-up date in the years 2000 to 2099, as 12/02/2026, or clear the field.'],
    ['2126-12-07', 'Enter a pick-up date in the years 2000 to 2099, as 12/02/2026, or clear the field.'],
  ])(
    'refuses a pick-up date of %s before sending, naming the field, with no warning of demurrage',
    async (day, message) => {
      const user = userEvent.setup();
      const order = deliveryOrder(21, { containers: [31] });
      const { fetchMock } = renderEditor({
        order,
        answers: { '/user/shipments/12/delivery_order/21': { body: { delivery_order: order } } },
        lastFreeDays: new Map([[31, '2026-12-02']]),
      });
      const pickup = screen.getByLabelText('Pick-up date');
      expect(pickup.getAttribute('min')).toBe('2000-01-01');
      expect(pickup.getAttribute('max')).toBe('2099-12-31');
      fireEvent.change(pickup, { target: { value: day } });
      expect(screen.queryByText(/after the last free day/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(message)).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(pickup));
      expect(pickup.getAttribute('aria-invalid')).toBe('true');
      expect(bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21')).toEqual([]);
    },
  );

  it('names the revision it read; saved elsewhere since, keeps what was entered, shows the stored order and names its revision next', async () => {
    const user = userEvent.setup();
    const order = deliveryOrder(21);
    const stored = { ...order, reference_number: 'PO-GATE-2', pickup_date: '2026-12-09' };
    const saved = { ...stored, note: 'Dock 4' };
    let answer: { status: number; body: object } = {
      status: 409,
      body: {
        message: DELIVERY_ORDER_ERRORS.changedElsewhere,
        field: 'revision',
        errors: [DELIVERY_ORDER_ERRORS.changedElsewhere],
      },
    };
    const { fetchMock, onSaved } = renderEditor({
      order,
      answers: {
        '/user/shipments/12/delivery_order/21': () => answer,
        '/user/shipments/details/12': {
          body: { shipment: shipmentDetail({ delivery_orders: [stored] }), '7501_reviewed': 0 },
        },
      },
    });
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.clear(note);
    await user.type(note, 'Dock 4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      fillText(WEB_TEXTS.deliveryOrders.changedElsewhereKept, { fields: 'Pick-up date, Reference number' }),
    );
    expect((note as HTMLTextAreaElement).value).toBe('Dock 4');
    expect(onSaved).toHaveBeenCalledWith(stored);
    answer = { status: 200, body: { delivery_order: saved } };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21')).toHaveLength(2));
    await user.type(note, ', ring twice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21')).toHaveLength(3));
    const revisions = bodiesSentTo(fetchMock, '/user/shipments/12/delivery_order/21').map(
      (body) => (body as { revision?: string }).revision,
    );
    expect(revisions).toEqual([
      deliveryOrderRevision(order),
      deliveryOrderRevision(stored),
      deliveryOrderRevision(saved),
    ]);
  });

  it('says to reload when the order it saves was deleted elsewhere meanwhile', async () => {
    const user = userEvent.setup();
    const order = deliveryOrder(21);
    renderEditor({
      order,
      answers: {
        '/user/shipments/12/delivery_order/21': {
          status: 409,
          body: {
            message: DELIVERY_ORDER_ERRORS.changedElsewhere,
            field: 'revision',
            errors: [DELIVERY_ORDER_ERRORS.changedElsewhere],
          },
        },
        '/user/shipments/details/12': {
          body: { shipment: shipmentDetail({ delivery_orders: [] }), '7501_reviewed': 0 },
        },
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Note' }), ' and more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DELIVERY_ORDER_ERRORS.changedElsewhere);
  });

  it('shows the first server error under the form', async () => {
    const user = userEvent.setup();
    const missing =
      'This shipment is still missing a container number. Please wait for that information to be available or contact broker@example.test.';
    renderEditor({
      shipment: { containers: [] },
      answers: { [CREATE_PATH]: { status: 400, body: { message: missing, field: 'containers', errors: [missing] } } },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(missing);
  });

  it('drops an unsaved order without a call', async () => {
    const user = userEvent.setup();
    const { fetchMock, onDeleted } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDeleted).toHaveBeenCalled();
    expect(fetchMock.mock.calls.every(([url]) => String(url).endsWith(SETTINGS_PATH))).toBe(true);
  });

  it('says before a save that changing an approved order withdraws its approval, and only then', async () => {
    const user = userEvent.setup();
    renderEditor({ order: deliveryOrder(3, { approved: 1 }) });
    const warning =
      'Saving these changes withdraws your broker’s approval: the order waits for approval again before it can be sent.';
    expect(screen.queryByText(warning)).toBeNull();
    const note = screen.getByLabelText('Note');
    await user.type(note, ' Dock 4');
    const shown = screen.getByText(warning);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-describedby')).toBe(shown.id);
    // Back as it was read: no change, no warning.
    fireEvent.change(note, { target: { value: deliveryOrder(3).note } });
    expect(screen.queryByText(warning)).toBeNull();
    cleanup();
    renderEditor({ order: deliveryOrder(3) });
    await user.type(screen.getByLabelText('Note'), ' Dock 4');
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('offers Send only once approved, after Save and Delete as the spec lists them', () => {
    renderEditor({ order: deliveryOrder(3) });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    cleanup();
    renderEditor({ order: deliveryOrder(3, { approved: 1 }) });
    const actions = screen.getByRole('button', { name: 'Send' }).parentElement!;
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Save', 'Delete', 'Send']);
  });

  it.each([
    [
      { body: { message: 'Delivery Order sent successfully!', delivery_order: deliveryOrder(3, { approved: 1 }) } },
      'Delivery Order sent successfully!',
    ],
    [
      { status: 502, body: { message: 'Error sending Delivery Order. Please try again later.' } },
      'Error sending Delivery Order. Please try again later.',
    ],
  ])('sends an approved order and says how it went %#', async (answer, message) => {
    const user = userEvent.setup();
    renderEditor({
      order: deliveryOrder(3, { approved: 1 }),
      answers: { '/user/shipments/12/delivery_order/3/send': answer },
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await toast(message)).toBeTruthy();
  });

  it('asks before sending an order with changes not saved, and sends nothing when declined', async () => {
    const user = userEvent.setup();
    const sendPath = '/user/shipments/12/delivery_order/3/send';
    const { fetchMock } = renderEditor({
      order: deliveryOrder(3, { approved: 1 }),
      answers: {
        [sendPath]: {
          body: { message: 'Delivery Order sent successfully!', delivery_order: deliveryOrder(3, { approved: 1 }) },
        },
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Gate 4');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(confirm).toHaveBeenCalledWith(
      'Your changes to this order are not saved. Send the order as your broker approved it?',
    );
    const sends = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(sendPath));
    expect(sends()).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await toast('Delivery Order sent successfully!')).toBeTruthy();
    expect(sends()).toHaveLength(1);
    confirm.mockRestore();
  });

  it('sends an unchanged order without asking', async () => {
    const user = userEvent.setup();
    renderEditor({
      order: deliveryOrder(3, { approved: 1 }),
      answers: {
        '/user/shipments/12/delivery_order/3/send': {
          body: { message: 'Delivery Order sent successfully!', delivery_order: deliveryOrder(3, { approved: 1 }) },
        },
      },
    });
    const confirm = vi.spyOn(window, 'confirm');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await toast('Delivery Order sent successfully!')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });

  it('sends once though Send is clicked twice at once', async () => {
    const sendPath = '/user/shipments/12/delivery_order/3/send';
    const { fetchMock } = renderEditor({
      order: deliveryOrder(3, { approved: 1 }),
      answers: {
        [sendPath]: {
          body: { message: 'Delivery Order sent successfully!', delivery_order: deliveryOrder(3, { approved: 1 }) },
        },
      },
    });
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await toast('Delivery Order sent successfully!')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith(sendPath))).toHaveLength(1);
  });

  it('asks before sending an order sent already, and sends nothing when declined', async () => {
    const user = userEvent.setup();
    const sendPath = '/user/shipments/12/delivery_order/3/send';
    const sent = deliveryOrder(3, { approved: 1, sent_at: '2026-11-20T18:30:00.000Z' });
    const { fetchMock } = renderEditor({
      order: sent,
      answers: { [sendPath]: { body: { message: 'Delivery Order sent successfully!', delivery_order: sent } } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(confirm).toHaveBeenCalledWith('This delivery order was sent on 11/20/2026. Send it to the trucker again?');
    const sends = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(sendPath));
    expect(sends()).toHaveLength(0);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await toast('Delivery Order sent successfully!')).toBeTruthy();
    expect(sends()).toHaveLength(1);
    confirm.mockRestore();
  });

  it('opens New Trucker from Add New: Cannot be empty, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderEditor();
    await waitFor(async () => expect(await optionsOf(user, 'Trucker')).toContain('Add New'));
    await choose(user, 'Trucker', 'Add New');
    const dialog = screen.getByRole('dialog', { name: 'New Trucker' });
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Trucker name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Trucker' }));
    expect(within(dialog).getByText('Cannot be empty')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before Escape or Cancel closes New Trucker over what was typed, and keeps it when told to', async () => {
    const user = userEvent.setup();
    renderEditor();
    await waitFor(async () => expect(await optionsOf(user, 'Trucker')).toContain('Add New'));
    await choose(user, 'Trucker', 'Add New');
    const dialog = screen.getByRole('dialog', { name: 'New Trucker' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Trucker name' }), 'Seaside Haulers');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledWith("The new trucker wasn't created. Discard what you typed?");
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Trucker name' }).value).toBe(
      'Seaside Haulers',
    );
    confirm.mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  it('creates a trucker and chooses it', async () => {
    const user = userEvent.setup();
    const created = trucker(15, 'Seaside Haulers');
    const { fetchMock } = renderEditor({ answers: { '/user/trucker/save': { body: { truckers: [created] } } } });
    await waitFor(async () => expect(await optionsOf(user, 'Trucker')).toContain('Add New'));
    await choose(user, 'Trucker', 'Add New');
    const dialog = screen.getByRole('dialog', { name: 'New Trucker' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Trucker name' }), 'Seaside Haulers');
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact 1' }), 'dispatch@seaside.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact 2' }), 'ops@seaside.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create Trucker' }));
    expect(await toast('Trucker created successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Seaside Haulers')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/trucker/save')).toEqual([
      { truckers: [{ name: 'Seaside Haulers', email: 'dispatch@seaside.test', cc_emails: ['ops@seaside.test'] }] },
    ]);
  });

  it('creates a warehouse with the defaults and the contact name, after the existing ones', async () => {
    const user = userEvent.setup();
    const created = warehouse(30, 'Newark Cross-Dock');
    const { fetchMock } = renderEditor({
      answers: {
        '/user/settings/save': {
          body: { truckers: SETTINGS.user.truckers, warehouses: [...SETTINGS.user.warehouses, created], messages: [] },
        },
      },
    });
    await waitFor(async () => expect(await optionsOf(user, 'Warehouse')).toContain('Add New'));
    await choose(user, 'Warehouse', 'Add New');
    const dialog = screen.getByRole('dialog', { name: 'New Warehouse' });
    const states = await optionsOf(user, 'State');
    expect(states).toHaveLength(57);
    expect(states).toEqual(expect.arrayContaining(['District of Columbia', 'Puerto Rico', 'Guam']));
    await user.type(within(dialog).getByRole('textbox', { name: 'Warehouse Name' }), 'Newark Cross-Dock');
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact Name' }), 'Ana Reyes');
    await user.click(within(dialog).getByRole('button', { name: 'Create Warehouse' }));
    expect(await toast('Warehouse created successfully!')).toBeTruthy();
    expect(screen.getByText('Newark Cross-Dock')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/settings/save')).toEqual([
      {
        warehouses: [newWarehouseRow('Newark Cross-Dock', 'Ana Reyes'), { id: 6 }, { id: 8 }],
      },
    ]);
  });

  it('says Failed to create warehouse when the server refuses', async () => {
    const user = userEvent.setup();
    renderEditor({ answers: { '/user/settings/save': { status: 400, body: { message: 'Bad Request' } } } });
    await waitFor(async () => expect(await optionsOf(user, 'Warehouse')).toContain('Add New'));
    await choose(user, 'Warehouse', 'Add New');
    const dialog = screen.getByRole('dialog', { name: 'New Warehouse' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Warehouse' }));
    expect(await within(dialog).findByText('Failed to create warehouse')).toBeTruthy();
  });
});
