import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { InitialEntry } from 'react-router';
import type { ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import { deliveryOrder, detailReply, shipmentDocument, shipmentDetail } from '../../../testing/shipment-detail-data.ts';
import { bodiesSentTo, mockApi, renderWithProviders, requestsTo } from '../../../testing/test-utils.tsx';
import { ShipmentRoute } from './shipment.tsx';

const DETAIL_PATH = '/user/shipments/details/12';

function renderShipment(url: InitialEntry = '/shipments/12') {
  return renderWithProviders(<ShipmentRoute />, { path: '/shipments/:id', url });
}

const heading = async () => (await screen.findByRole('heading', { level: 1, name: /^Shipment/ })).textContent;
const region = (name: string) => screen.getByRole('region', { name });
const toast = (text: string) => screen.findByText(text, { selector: '.Toastify *' });

/** The value shown under a label of a region's details. */
function detailValue(area: HTMLElement, label: string): string | null | undefined {
  return within(area).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('Shipment detail', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
    Cookies.set('role', '3');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows Shipment # with the file number, Back, the steps and the details', async () => {
    mockApi({ [DETAIL_PATH]: { body: detailReply() } });
    renderShipment();
    expect(await heading()).toBe('Shipment # DMI-4120012-1');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next shipment' })).toBeNull();

    const steps = within(region('Progress')).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual([
      '1 ISF Submitted',
      '2 Upload Documents',
      '3 Shipment Released',
    ]);
    expect(region('3 Shipment Released').textContent).toContain('Locked');

    const details = region('Shipment details');
    expect(detailValue(details, 'ETA')).toBe('11/24/2026');
    expect(detailValue(details, 'Discharge date')).toBe('NOT AVAILABLE');
    expect(detailValue(details, 'Port of unlading')).toBe('2704 - Los Angeles, CA');
    expect(detailValue(details, 'Status')).toBe('Documents Required');
    expect(within(details).getByRole<HTMLInputElement>('textbox', { name: 'Reference number' }).value).toBe('PO-48213');

    const updates = region('Shipment updates');
    expect(within(updates).getByRole('table', { name: 'MSCU4412093' })).toBeTruthy();
    expect(within(updates).queryByRole('table', { name: 'TGHU8830021' })).toBeNull();
  });

  it('files the ISF with ISF was submitted, which opens step 2', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [DETAIL_PATH]: { body: detailReply({ isf_transaction_no: null, isf_submit_date: '0000-00-00 00:00:00' }) },
      '/user/shipments/12/isf_no': {
        body: { isf_transaction_no: 'N\\A', isf_submit_date: '2026-11-20 10:30:00', status: 'pending documents' },
      },
    });
    renderShipment();
    await heading();
    expect(region('2 Upload Documents').textContent).toContain('Locked');
    expect(screen.queryByRole('checkbox', { name: 'Bill of Lading' })).toBeNull();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('checkbox', { name: 'ISF was submitted' }));
    expect(confirm).toHaveBeenCalledWith('Record that you filed the ISF yourself? This cannot be undone.');
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/isf_no')).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'ISF was submitted' }));
    await waitFor(() => expect(detailValue(region('1 ISF Submitted'), 'ISF transaction no.')).toBe('N\\A'));
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/isf_no')).toEqual([{ isf_num: 'N/A', date: 'N/A' }]);
    expect(detailValue(region('1 ISF Submitted'), 'ISF submitted on')).toBe('11/20/2026 10:30 AM');
    expect(screen.getByRole('checkbox', { name: 'Bill of Lading' })).toBeTruthy();
  });

  it('switches to pending release when a tick completes the documents, and back when one is unticked', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [DETAIL_PATH]: { body: detailReply() },
      '/user/shipments/12/set_type': { body: { type_set: ['Bill of Lading'], status: 'PENDING RELEASE' } },
      '/user/shipments/12/unset_type': { body: { type_unset: ['Arrival Notice'], status: 'pending documents' } },
    });
    renderShipment();
    await heading();
    const billOfLading = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Bill of Lading' });
    expect(billOfLading.checked).toBe(false);
    expect(billOfLading.getAttribute('aria-describedby')).toBeTruthy();

    await user.click(billOfLading);
    await waitFor(() => expect(region('3 Shipment Released').textContent).toContain('Shipment is Awaiting Release'));
    expect(billOfLading.checked).toBe(true);
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/set_type')).toEqual([{ types: ['Bill of Lading'] }]);
    expect(detailValue(region('Shipment details'), 'Status')).toBe('PENDING RELEASE');

    await user.click(screen.getByRole('checkbox', { name: 'Arrival Notice' }));
    await waitFor(() => expect(region('3 Shipment Released').textContent).toContain('Locked'));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Arrival Notice' }).checked).toBe(false);
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/unset_type')).toEqual([{ types: ['Arrival Notice'] }]);
    expect(detailValue(region('Shipment details'), 'Status')).toBe('Documents Required');
  });

  it.each([
    ['released', 'Released', ['Discharge date', 'FDA']],
    ['CBP INTENSIVE EXAM', 'CBP INTENSIVE EXAM', []],
    ['ISF HOLD', 'ISF HOLD', []],
  ])('shows step 3 of a %s shipment', async (status, text, labels) => {
    mockApi({
      [DETAIL_PATH]: {
        body: detailReply({ status, shipment_discharge_date: '2026-11-25 06:00:00', fda_review: 'MAY PROCEED' }),
      },
    });
    renderShipment();
    await heading();
    const step = region('3 Shipment Released');
    expect(step.querySelector('p')?.textContent).toBe(text);
    expect(
      within(step)
        .queryAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(labels);
  });

  it('lists uploads without the 7501 types, and deletes one', async () => {
    const user = userEvent.setup();
    const upload = shipmentDocument(1, { name: 'Packing list.pdf' });
    const form = shipmentDocument(2, { name: '7501 DMI-4120012-1.pdf', document_type: '7501' });
    const fetchMock = mockApi({
      [DETAIL_PATH]: { body: detailReply({ documents: [upload, form], path_to_7501: form.path }) },
      '/user/shipments/12/delete_doc': { body: { message: 'Document deleted successfully.' } },
    });
    renderShipment();
    await heading();
    const uploads = screen.getByRole('region', { name: 'Uploaded documents' });
    expect(
      within(uploads)
        .getAllByRole('listitem')
        .map((item) => within(item).getAllByRole('button')[0]!.textContent),
    ).toEqual(['Packing list.pdf']);
    expect(within(region('Files')).getByRole('button', { name: '7501 DMI-4120012-1.pdf' })).toBeTruthy();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(uploads).getByRole('button', { name: 'Delete Packing list.pdf' }));
    expect(confirm).toHaveBeenCalledWith('Delete Packing list.pdf? This cannot be undone.');
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/delete_doc')).toEqual([]);
    await user.click(within(uploads).getByRole('button', { name: 'Delete Packing list.pdf' }));
    expect(await toast('Document deleted successfully.')).toBeTruthy();
    expect(within(uploads).getByText('No documents uploaded yet.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/shipments/12/delete_doc')).toEqual([{ path: upload.path }]);
    expect(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/delete_doc'))?.[1]?.method).toBe('DELETE');
  });

  it('adds a note to the notes', async () => {
    const user = userEvent.setup();
    const note = {
      id: 5,
      role: 3,
      comments: 'Please expedite.',
      created_at: '2026-11-20T15:00:00.000Z',
      name: 'Maria Delgado',
    };
    mockApi({
      [DETAIL_PATH]: { body: detailReply() },
      '/user/shipments/12/add_comment': { body: { message: 'Note successfully submitted.', note } },
    });
    renderShipment();
    await heading();
    const notes = region('Notes');
    expect(within(notes).getByText('No notes yet.')).toBeTruthy();
    await user.type(within(notes).getByRole('textbox', { name: 'Add a note' }), 'Please expedite.');
    await user.click(within(notes).getByRole('button', { name: 'Submit' }));
    expect(await toast('Note successfully submitted.')).toBeTruthy();
    expect(within(notes).getByRole('listitem').textContent).toContain('Please expedite.');
  });

  it('sets 7501 reviewed as the server answers', async () => {
    const user = userEvent.setup();
    let reviewed = false;
    const fetchMock = mockApi({
      [DETAIL_PATH]: { body: detailReply({ path_to_7501: 'documents/7501.pdf' }) },
      '/user/shipments/toggle-reviewed': () => {
        reviewed = !reviewed;
        return { body: { reviewed } };
      },
    });
    renderShipment();
    await heading();
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: '7501 reviewed' });
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/shipments/toggle-reviewed')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('switch', { name: '7501 reviewed' }).checked).toBe(true),
    );
    expect(await toast('The 7501 is marked reviewed.')).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(await toast('The 7501 is no longer marked reviewed.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/shipments/toggle-reviewed')).toEqual([
      { shipment_ids: [12] },
      { shipment_ids: [12] },
    ]);
  });

  it('keeps Skip Delivery Order as the server stored it', async () => {
    const user = userEvent.setup();
    mockApi({
      [DETAIL_PATH]: { body: detailReply({ delivery_orders: [deliveryOrder(3)] }) },
      '/user/shipments/toggle-ignore': { body: { shipment_id: 12, ignored_shipment: 1 } },
    });
    renderShipment();
    await heading();
    await user.click(screen.getByRole('checkbox', { name: 'Skip Delivery Order' }));
    expect(await toast('Shipment ignore status updated successfully!')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Skip Delivery Order' }).checked).toBe(true);
    expect(within(region('Delivery orders')).getByRole('article', { name: 'Delivery Order 3' })).toBeTruthy();
  });

  it('shows role 11 the read-only view', async () => {
    Cookies.set('role', '11');
    const detail: ShipmentDetailResponse = detailReply({
      path_to_7501: 'documents/7501.pdf',
      delivery_orders: [deliveryOrder(3)],
      supplementary_documents: [shipmentDocument(9, { name: 'CBP Release Notification.pdf' })],
      invoices: [],
    });
    mockApi({ [DETAIL_PATH]: { body: detail } });
    renderShipment();
    await heading();
    const steps = within(region('Progress')).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual(['1 ISF Submitted']);
    expect(screen.queryByRole('region', { name: 'Delivery orders' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Skip Delivery Order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Delivery Order' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    expect(screen.queryByRole('switch', { name: '7501 reviewed' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Files' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(detailValue(region('Shipment details'), 'Reference number')).toBe('PO-48213');
    expect(
      within(region('Additional files')).getByRole('button', { name: 'CBP Release Notification.pdf' }),
    ).toBeTruthy();
  });

  it('shows role 11 a shipment without an ISF as not filed, with nothing to tick', async () => {
    Cookies.set('role', '11');
    mockApi({ [DETAIL_PATH]: { body: detailReply({ isf_transaction_no: null }) } });
    renderShipment();
    await heading();
    expect(region('1 ISF Submitted').textContent).toContain('The ISF has not been filed yet.');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('alerts Server not responding, please contact us when the detail fails to load', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetchMock = mockApi({ [DETAIL_PATH]: { status: 500, body: { message: 'Internal Server Error' } } });
    renderShipment();
    expect(await screen.findByText('Unable to fetch shipment data, please try again later.')).toBeTruthy();
    expect(alert).toHaveBeenCalledExactlyOnceWith('Server not responding, please contact us');

    mockApi({ [DETAIL_PATH]: { body: detailReply() } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading()).toBe('Shipment # DMI-4120012-1');
    // The failed detail was asked for once, without retries; the second answer came from the new mock.
    expect(requestsTo(fetchMock, DETAIL_PATH)).toHaveLength(1);
  });

  it('says Shipment not found for a shipment the server does not show, without the alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockApi({ [DETAIL_PATH]: { status: 404, body: { message: 'Shipment not found.' } } });
    renderShipment();
    expect(await screen.findByText('Shipment not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to shipments' }).getAttribute('href')).toBe('/shipments');
    expect(alert).not.toHaveBeenCalled();
  });

  it('steps to the next and previous shipment of the list, wrapping around', async () => {
    const user = userEvent.setup();
    mockApi({
      [DETAIL_PATH]: { body: detailReply() },
      '/user/shipments/details/13': { body: detailReply({ id: 13, file_number: 'DMI-4120013-1' }) },
    });
    const { router } = renderShipment({ pathname: '/shipments/12', state: { ids: [12, 13], filters: {} } });
    await heading();
    expect(screen.getByText('1 of 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next shipment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipment # DMI-4120013-1' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shipments/13');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'Next shipment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipment # DMI-4120012-1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous shipment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipment # DMI-4120013-1' })).toBeTruthy();
    expect(router.state.location.state).toEqual({ ids: [12, 13], filters: {} });
  });

  it('shows the details of a shipment without them as the spec says', async () => {
    mockApi({
      [DETAIL_PATH]: {
        body: detailReply(
          shipmentDetail({
            est_time_arrive: '0000-00-00 00:00:00',
            containers: [],
            master_bill_lading: '',
            origin: '',
          }),
        ),
      },
    });
    renderShipment();
    await heading();
    const details = region('Shipment details');
    expect(detailValue(details, 'ETA')).toBe('NOT AVAILABLE');
    expect(detailValue(details, 'Container Number(s)')).toBe('No containers info provided');
    expect(detailValue(details, 'Master Bill of Lading')).toBe('No master bill lading info provided');
    expect(detailValue(details, 'Origin')).toBe('Not provided');
    expect(screen.queryByRole('region', { name: 'Shipment updates' })).toBeNull();
  });
});
