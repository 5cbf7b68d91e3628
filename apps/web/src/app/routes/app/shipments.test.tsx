import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { homeReply, listReply, PROFILE, shipmentRow } from '../../../testing/shipments-data.ts';
import { mockApi, renderWithProviders, requestsTo } from '../../../testing/test-utils.tsx';
import { ShipmentsRoute } from './shipments.tsx';

// Fewer rows than the 40 of a full page: the pager counts by page, and every row drawn again on each
// change made these tests take seconds.
const ROWS = Array.from({ length: 8 }, (_, index) => shipmentRow(index + 1));

function mockShipmentsApi(total = 300) {
  return mockApi({
    '/user/profile': { body: PROFILE },
    '/user/get_notification': { body: [] },
    '/user/shipments': (url) =>
      url.searchParams.get('source') === 'home'
        ? { body: homeReply(ROWS) }
        : { body: listReply(ROWS, total, Number(url.searchParams.get('page'))) },
  });
}

function renderList(url = '/shipments') {
  return renderWithProviders(<ShipmentsRoute />, { path: '/shipments', url });
}

/** The query of each list request, as an object. */
const listRequests = (fetchMock: ReturnType<typeof mockApi>) =>
  requestsTo(fetchMock, '/user/shipments').map((url) => Object.fromEntries(url.searchParams));

const lastListRequest = (fetchMock: ReturnType<typeof mockApi>) => listRequests(fetchMock).at(-1);

async function choose(label: string, option: string) {
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'ArrowDown' });
  await userEvent.setup().click(await screen.findByRole('option', { name: option }));
}

/** Opens the list at page 1 and goes on to page 2 with Next. */
async function goToSecondPage() {
  const user = userEvent.setup();
  const fetchMock = mockShipmentsApi();
  renderList();
  await screen.findByText('40/300');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('80/300');
  return { user, fetchMock };
}

/** Opens the list where page 2 was saved for the tab. */
async function openAtSavedSecondPage() {
  const user = userEvent.setup();
  sessionStorage.setItem('shipmentsPage', '2');
  const fetchMock = mockShipmentsApi();
  renderList();
  await screen.findByText('80/300');
  return { user, fetchMock };
}

const pagerText = () => within(screen.getByRole('navigation', { name: 'Pagination' })).getByText(/\//).textContent;

describe('Shipments list', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for page 1, 40 a page, by ETA latest first, and shows shown/total', async () => {
    const fetchMock = mockShipmentsApi();
    renderList();
    expect(await screen.findByRole('link', { name: ROWS[0]!.file_number })).toBeTruthy();
    expect(listRequests(fetchMock)).toEqual([
      { page: '1', per_page: '40', sort: 'est_time_arrive', direction: 'desc' },
    ]);
    expect(pagerText()).toBe('40/300');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shipments');
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Shipments']);
  });

  it('sends the filter of the address', async () => {
    const fetchMock = mockShipmentsApi(22);
    renderList('/shipments?filter=under-cbp-exam');
    await screen.findByText('22/22');
    expect(lastListRequest(fetchMock)).toMatchObject({ filter: 'under-cbp-exam', page: '1' });
  });

  it('opened from Possible Charges, asks for charges=possible, shows the box as a chip, and shows each row its last free day', async () => {
    const rows = [shipmentRow(1, { next_free_day: '2020-01-10', next_free_day_kind: 'terminal' }), ...ROWS.slice(1)];
    const fetchMock = mockApi({
      '/user/profile': { body: PROFILE },
      '/user/get_notification': { body: [] },
      '/user/shipments': () => ({ body: listReply(rows, 8) }),
    });
    renderList('/shipments?filter=possible-charges');
    await screen.findByText('8/8');
    expect(lastListRequest(fetchMock)).toMatchObject({ charges: 'possible', page: '1' });
    expect(lastListRequest(fetchMock)).not.toHaveProperty('filter');
    expect(screen.getByText('Possible Charges')).toBeTruthy();
    // The rows are drawn in a deferred render, after the pager's count.
    expect(await screen.findByText('Demurrage · LFD 01/10/2020')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove the Possible Charges filter' }));
    await waitFor(() => expect(lastListRequest(fetchMock)).not.toHaveProperty('charges'));
  });

  // The day turns at midnight in the company's zone (New York), not the user's (UTC in these
  // tests): a last free day of 11/26 is due until 23:59 that day and charged from 00:00 on 11/27,
  // as the shipment page says.
  it.each([
    ['11/26 23:30', '2026-11-26', 'Pick up today', new Date('2026-11-27T04:30:00Z')],
    ['11/27 00:30', '2026-11-26', 'Demurrage · LFD 11/26/2026', new Date('2026-11-27T05:30:00Z')],
    ['11/26 23:30', '2026-11-30', 'LFD 11/30/2026', new Date('2026-11-27T04:30:00Z')],
    ['11/27 00:30', '2026-11-30', 'Pick up by 11/30/2026', new Date('2026-11-27T05:30:00Z')],
    ['11/27 01:30', '2026-11-27', 'Pick up today', new Date('2026-11-27T06:30:00Z')],
  ])('at %s shows a last free day of %s as "%s"', async (_at, day, text, now) => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    const rows = [shipmentRow(1, { next_free_day: day, next_free_day_kind: 'terminal' }), ...ROWS.slice(1)];
    mockApi({
      '/user/profile': { body: PROFILE },
      '/user/get_notification': { body: [] },
      '/user/shipments': () => ({ body: listReply(rows, 8) }),
    });
    renderList('/shipments?filter=possible-charges');
    await screen.findByText('8/8');
    expect(
      (await screen.findByTitle(`Last free day ${day.slice(5, 7)}/${day.slice(8)}/${day.slice(0, 4)}`)).textContent,
    ).toBe(text);
  });

  it('ignores a filter that is not a Home filter', async () => {
    const fetchMock = mockShipmentsApi();
    renderList('/shipments?filter=everything');
    await screen.findByText('40/300');
    expect(lastListRequest(fetchMock)).not.toHaveProperty('filter');
  });

  it('pages with Next and Previous, keeping the page in session storage, and asks for a page once', async () => {
    const { user, fetchMock } = await goToSecondPage();
    expect(lastListRequest(fetchMock)).toMatchObject({ page: '2' });
    expect(sessionStorage.getItem('shipmentsPage')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('40/300');
    // Page 1 came from the cache: the identical request was not sent again.
    expect(listRequests(fetchMock).map((query) => query.page)).toEqual(['1', '2']);
  });

  it('starts at the saved page, unless the page was for another Home filter', async () => {
    sessionStorage.setItem('shipmentsPage', '3');
    const fetchMock = mockShipmentsApi();
    const first = renderList();
    await screen.findByText('120/300');
    expect(lastListRequest(fetchMock)).toMatchObject({ page: '3' });
    first.unmount();

    renderList('/shipments?filter=without-do');
    await screen.findByText('40/300');
    expect(lastListRequest(fetchMock)).toMatchObject({ page: '1', filter: 'without-do' });
  });

  it('sends the search text in search after 200 ms and goes back to page 1', async () => {
    const { fetchMock } = await openAtSavedSecondPage();
    // No pause between the keys: on a loaded machine one could wait past the 200 ms, and a pause that
    // long sends what is typed so far, as it should.
    await userEvent.setup({ delay: null }).type(screen.getByRole('searchbox', { name: 'Search shipments' }), 'MSCU12');
    await waitFor(() => expect(lastListRequest(fetchMock)).toMatchObject({ search: 'MSCU12', page: '1' }));
    // One request for the search, not one per key.
    expect(listRequests(fetchMock).filter((query) => query.search !== undefined)).toHaveLength(1);
    expect(sessionStorage.getItem('globalFilter')).toBe('MSCU12');
    expect(sessionStorage.getItem('shipmentsPage')).toBe('1');
  });

  it.each([
    ['Status', 'ISF Hold', { status: 'ISF HOLD' }, ['statusFilter', 'ISF HOLD']],
    ['Account', '40003', { account_no: '40003' }, ['accountFilter', '40003']],
    ['Date', 'Year to Date', {}, ['dateFilterOption', '5']],
    ['Port of entry', '2704 Los Angeles, CA', { port: '2704' }, ['entryPortFilter', '2704']],
    ['Entry type', '21 Warehouse', { entry_type: '21' }, ['entryTypeFilter', '21']],
  ] as const)('choosing %s %s sends it and goes back to page 1', async (label, option, params, [key, value]) => {
    const { fetchMock } = await goToSecondPage();

    await choose(label, option);
    await waitFor(() => expect(lastListRequest(fetchMock)).toMatchObject({ ...params, page: '1' }));
    expect(sessionStorage.getItem(key)).toBe(value);
    expect(sessionStorage.getItem('shipmentsPage')).toBe('1');
    await screen.findByText('40/300');
  });

  it('sends the agency hold filter when its box is ticked and goes back to page 1', async () => {
    const { fetchMock } = await goToSecondPage();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Any agency hold' }));
    await waitFor(() => expect(lastListRequest(fetchMock)).toMatchObject({ agency_hold: '1', page: '1' }));
    expect(sessionStorage.getItem('agencyHoldFilter')).toBe('1');
    expect(sessionStorage.getItem('shipmentsPage')).toBe('1');
  });

  it('sends the date range of the date option as ISO texts', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 22, 9, 30) });
    const fetchMock = mockShipmentsApi();
    renderList();
    await screen.findByText('40/300');
    await choose('Date', 'Last 30 Days');
    await waitFor(() => expect(lastListRequest(fetchMock)).toHaveProperty('date_from'));
    const query = lastListRequest(fetchMock)!;
    expect(Date.parse(query.date_from!)).toBe(new Date(2026, 9, 23, 9, 30).getTime());
    expect(Date.parse(query.date_to!)).toBe(new Date(2026, 10, 22, 9, 30).getTime());
    expect(JSON.parse(sessionStorage.getItem('dateFilter')!)).toEqual({ from: query.date_from, to: query.date_to });
  });

  it('asks the server for the order of a header and goes back to page 1', async () => {
    const { user, fetchMock } = await openAtSavedSecondPage();
    await user.click(screen.getByRole('button', { name: 'Reference Number' }));
    await waitFor(() =>
      expect(lastListRequest(fetchMock)).toMatchObject({ sort: 'customer_reference_no', direction: 'asc', page: '1' }),
    );
    await user.click(screen.getByRole('button', { name: 'Reference Number' }));
    await waitFor(() =>
      expect(lastListRequest(fetchMock)).toMatchObject({ sort: 'customer_reference_no', direction: 'desc' }),
    );
    expect(screen.getByRole('columnheader', { name: 'Reference Number' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('shows the rows only once the profile is in, so no row grows when its account’s documents come', async () => {
    let answerProfile = () => {};
    const profileIn = new Promise<void>((resolve) => {
      answerProfile = resolve;
    });
    const fetchMock = mockShipmentsApi();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/user/profile') await profileIn;
      return answer(input, init);
    });
    renderList();
    await waitFor(() => expect(requestsTo(fetchMock, '/user/shipments')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('link', { name: ROWS[0]!.file_number })).toBeNull();
    answerProfile();
    expect(await screen.findByRole('link', { name: ROWS[0]!.file_number })).toBeTruthy();
  });

  it('shows the account filter with the accounts of the profile', async () => {
    mockShipmentsApi();
    renderList();
    await screen.findByText('40/300');
    // The open menu follows the options: the accounts join it when the profile comes.
    fireEvent.keyDown(screen.getByLabelText('Account'), { key: 'ArrowDown' });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'All Shipments',
        '40001',
        '40002',
        '40003',
      ]),
    );
  });

  it('shows the toast Failed to load shipments when the list fails', async () => {
    mockApi({ '/user/shipments': { status: 500, body: { message: 'Internal Server Error' } } });
    renderList();
    expect(await screen.findByText('Failed to load shipments', { selector: '.Toastify *' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('gives up on the list after 8 s and shows the toast Failed to load shipments', async () => {
    const timeout = new AbortController();
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    const fetchMock = vi.fn(
      (_input: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Timed out', 'TimeoutError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderList();
    await waitFor(() => expect(requestsTo(fetchMock, '/user/shipments')).toHaveLength(1));
    expect(timeoutSpy).toHaveBeenCalledWith(8000);
    expect(screen.getByRole('status').textContent).toBe('Loading shipments...');

    act(() => timeout.abort());
    expect(await screen.findByText('Failed to load shipments', { selector: '.Toastify *' })).toBeTruthy();
    // Reported at once, not retried.
    expect(requestsTo(fetchMock, '/user/shipments')).toHaveLength(1);
  });

  it('Home in the breadcrumbs clears the filters', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('globalFilter', 'PO-1');
    sessionStorage.setItem('accountFilter', '40001');
    sessionStorage.setItem('shipmentsPage', '2');
    mockShipmentsApi();
    const { router } = renderList();
    await screen.findByText('80/300');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Home' }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect({ ...sessionStorage }).toEqual({ listStateOwner: expect.any(String) });
  });

  it('remembers the scroll position and the shipment opened, and on return scrolls back and highlights it for 3 s', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    mockShipmentsApi();
    const first = renderList();
    await screen.findByText('40/300');
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);
    await user.click(await screen.findByRole('link', { name: ROWS[6]!.file_number }));
    expect(sessionStorage.getItem('shipmentsScroll')).toBe('640');
    expect(sessionStorage.getItem('lastClickedShipmentId')).toBe('7');
    first.unmount();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderList();
    const row = (await screen.findByRole('link', { name: ROWS[6]!.file_number })).closest('tr')!;
    expect(row.getAttribute('data-highlighted')).toBe('true');
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    expect(sessionStorage.getItem('shipmentsScroll')).toBeNull();
    expect(sessionStorage.getItem('lastClickedShipmentId')).toBeNull();

    act(() => vi.advanceTimersByTime(2900));
    expect(row.getAttribute('data-highlighted')).toBe('true');
    act(() => vi.advanceTimersByTime(200));
    expect(row.getAttribute('data-highlighted')).toBeNull();
  });
});
