import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShipmentListItem } from '@clearport/contract/shipments';
import { SHIPMENT_COLUMNS, shipmentRow } from '../../../testing/shipments-data.ts';
import { mockMatchMedia, renderWithProviders } from '../../../testing/test-utils.tsx';
import type { ShipmentSort } from '../utils/saved-list-position.ts';
import { ShipmentsTable } from './shipments-table.tsx';

const HEADERS = SHIPMENT_COLUMNS;

type TableOptions = Partial<Parameters<typeof ShipmentsTable>[0]>;

function renderTable(shipments: ShipmentListItem[], options: TableOptions = {}) {
  return renderWithProviders(
    <ShipmentsTable
      shipments={shipments}
      documentTrackingAccounts={new Set(['40003'])}
      linkFilters={{ account_no: '40001' }}
      isLoading={false}
      {...options}
    />,
    { path: '/shipments', url: '/shipments' },
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Shipments' }))
    .getAllByRole('row')
    .slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell');

describe('ShipmentsTable', () => {
  it('has the columns of the spec, each a sort button, and marks the sorted one', () => {
    renderTable([shipmentRow(1)], { sort: { field: 'est_time_arrive', direction: 'desc' }, onSortChange: vi.fn() });
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(HEADERS);
    for (const header of headers) expect(within(header).getByRole('button').textContent).toBe(header.textContent);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      'descending',
      null,
      null,
    ]);
  });

  it('asks the server for a column ascending, then the other way', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderTable([shipmentRow(1)], { sort: { field: 'est_time_arrive', direction: 'desc' }, onSortChange });
    await user.click(screen.getByRole('button', { name: 'Container Number(s)' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'containers', direction: 'asc' } satisfies ShipmentSort);
    await user.click(screen.getByRole('button', { name: 'ETA' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'est_time_arrive', direction: 'asc' });
  });

  it('flips the sorted column', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderTable([shipmentRow(1)], { sort: { field: 'status', direction: 'asc' }, onSortChange });
    expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: 'Status' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'status', direction: 'desc' });
  });

  it('has no sort buttons without an order (Home)', () => {
    renderTable([shipmentRow(1)]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(HEADERS);
    expect(within(screen.getAllByRole('rowgroup')[0]!).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows each field of a row', () => {
    renderTable([
      shipmentRow(5, {
        file_number: 'DMI-4125906-0',
        account_no: '40001',
        master_bill_lading: ['COSU866774792'],
        house_bill_lading: [],
        containers: ['CSNU6740597', 'TRHU0425730', 'CMAU3412433'],
        customer_reference_no: 'PO-75347',
        est_time_arrive: '2027-01-18 21:30:00',
        fda_review: 'FDA HOLD',
        status: 'pending documents',
      }),
      shipmentRow(6, { est_time_arrive: '0000-00-00 00:00:00', fda_review: 'MAY PROCEED', containers: [] }),
    ]);
    const [first, second] = bodyRows();
    expect(cells(first!).map((cell) => cell.textContent)).toEqual([
      'DMI-4125906-0',
      '40001',
      'COSU866774792',
      'No master bill lading info provided',
      'CSNU6740597TRHU0425730+1 more',
      'PO-75347',
      '01/18/2027',
      '',
      'Documents Required',
    ]);
    expect(within(first!).getByRole('img', { name: 'FDA hold: FDA HOLD' })).toBeTruthy();
    expect(cells(second!)[4]!.textContent).toBe('No containers info provided');
    expect(cells(second!)[6]!.textContent).toBe('');
    expect(within(second!).queryByRole('img')).toBeNull();
  });

  it('shows the document ticks for the per-document account and the tooltip icon for the others', () => {
    const documents = [
      { type: 'Arrival Notice', submitted: true },
      { type: 'Bill of Lading', submitted: false },
    ];
    renderTable([
      shipmentRow(1, { account_no: '40003', documents_submitted: documents }),
      shipmentRow(2, { account_no: '40001', documents_submitted: documents }),
    ]);
    const [tracking, other] = bodyRows();
    expect(within(tracking!).queryByRole('button', { name: 'Documents missing' })).toBeNull();
    expect(within(tracking!).getByRole('img', { name: 'Arrival Notice submitted' })).toBeTruthy();
    expect(within(tracking!).getByRole('img', { name: 'Bill of Lading not submitted' })).toBeTruthy();
    expect(within(other!).getByRole('button', { name: 'Documents missing' })).toBeTruthy();
    expect(within(other!).queryByRole('img', { name: /submitted/ })).toBeNull();
  });

  it('shows neither documents display while the accounts are unknown', () => {
    renderTable([shipmentRow(1, { documents_submitted: [{ type: 'Bill of Lading', submitted: false }] })], {
      documentTrackingAccounts: undefined,
    });
    expect(within(bodyRows()[0]!).queryByRole('button')).toBeNull();
    expect(within(bodyRows()[0]!).queryByRole('img')).toBeNull();
  });

  it('hands the ids in the order shown and the filters to the shipment page', async () => {
    const user = userEvent.setup();
    const onOpenShipment = vi.fn();
    const { router } = renderTable(
      [
        shipmentRow(1, { est_time_arrive: '2026-11-20 10:00:00' }),
        shipmentRow(2, { est_time_arrive: '0000-00-00 00:00:00' }),
        shipmentRow(3, { est_time_arrive: '2026-10-02 08:00:00' }),
        shipmentRow(4, { est_time_arrive: '2026-11-20 10:00:00' }),
      ],
      { onOpenShipment },
    );
    await user.click(screen.getByRole('link', { name: 'DMI-4120004-1' }));
    expect(onOpenShipment).toHaveBeenCalledWith(4, expect.anything());
    expect(router.state.location.pathname).toBe('/shipments/4');
    expect(router.state.location.state).toEqual({ ids: [1, 2, 3, 4], filters: { account_no: '40001' } });
  });

  it('highlights the row of the last opened shipment', () => {
    renderTable([shipmentRow(1), shipmentRow(2)], { highlightedId: 2 });
    expect(bodyRows().map((row) => row.getAttribute('data-highlighted'))).toEqual([null, 'true']);
  });

  it('says when it is loading, when there are no shipments and when loading failed', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const loading = renderTable([], { isLoading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading shipments...');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    loading.unmount();

    const empty = renderTable([]);
    expect(screen.getByRole('cell').textContent).toBe('No shipments found');
    empty.unmount();

    renderTable([], { isError: true, onRetry });
    expect(screen.getByRole('cell').textContent).toContain('Failed to load shipments');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('ShipmentsTable below 600 px', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each shipment as a card: entry, status, an FDA hold, ETA, containers, reference and account, in the list order', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    const { router } = renderTable([
      shipmentRow(5, {
        file_number: 'DMI-4125906-0',
        containers: ['CSNU6740597', 'TRHU0425730', 'CMAU3412433'],
        customer_reference_no: 'PO-75347',
        est_time_arrive: '2027-01-18 21:30:00',
        status: 'pending documents',
        fda_review: 'FDA EXAM',
      }),
      shipmentRow(6, { containers: [], customer_reference_no: '', fda_review: 'MAY PROCEED' }),
    ]);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Shipments' });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(within(first!).getByRole('link').textContent).toBe('DMI-4125906-0');
    expect(first!.textContent).toContain('Documents Required');
    const terms = within(first!)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const definitions = within(first!)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(terms).toEqual(['ETA', 'Container Number(s)', 'Reference Number', 'Account no']);
    expect(definitions).toEqual(['01/18/2027', 'CSNU6740597TRHU0425730+1 more', 'PO-75347', '40001']);
    expect(within(first!).getByRole('img', { name: 'FDA hold: FDA EXAM' })).toBeTruthy();
    expect(within(second!).queryByRole('img', { name: /^FDA hold/ })).toBeNull();
    expect(
      within(second!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['ETA', 'Container Number(s)', 'Account no']);
    expect(second!.textContent).toContain('No containers info provided');

    await user.click(within(second!).getByRole('link'));
    expect(router.state.location.state).toEqual({ ids: [5, 6], filters: { account_no: '40001' } });
  });

  it('sorts through Sort by, the columns having no headers there; Home has none', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const list = renderTable([shipmentRow(1)], { sort: { field: 'est_time_arrive', direction: 'desc' }, onSortChange });
    const sortBy = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(sortBy.selectedOptions[0]!.textContent).toBe('ETA, descending');
    expect(within(sortBy).getAllByRole('option')).toHaveLength(HEADERS.length * 2);
    await user.selectOptions(sortBy, 'Status, ascending');
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'status', direction: 'asc' });
    list.unmount();

    renderTable([shipmentRow(1)]);
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });

  it('says when it is loading or finds nothing, instead of cards', () => {
    mockMatchMedia(true);
    const loading = renderTable([], { isLoading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading shipments...');
    loading.unmount();
    renderTable([]);
    expect(screen.getByText('No shipments found')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Shipments' })).toBeNull();
  });
});
