import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { Link } from 'react-router';
import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { homeReply, PROFILE, shipmentRow } from '../../../testing/shipments-data.ts';
import { mockApi, renderRoutes, renderWithProviders, requestsTo } from '../../../testing/test-utils.tsx';
import { HomeRoute } from './home.tsx';

const ROWS = [shipmentRow(1, { file_number: 'DMI-4125906-0' }), shipmentRow(2, { file_number: 'DMI-4125905-2' })];

function mockHomeApi() {
  return mockApi({
    '/user/profile': { body: PROFILE },
    '/user/get_notification': {
      body: [{ id: 1, message: 'ACE maintenance on Saturday.', created_at: '2026-11-20T04:22:42.885Z' }],
    },
    '/user/shipments': { body: homeReply(ROWS) },
  });
}

const homeRequests = (fetchMock: ReturnType<typeof mockApi>) =>
  requestsTo(fetchMock, '/user/shipments').map((url) => Object.fromEntries(url.searchParams));

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('Home', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("greets by the local hour with the name from the session's name cookie", () => {
    mockHomeApi();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 7, 1, 15, 30) });
    Cookies.set('name', 'Dana Whitfield');
    renderWithProviders(<HomeRoute />);
    expect(heading()).toBe('Good afternoon, Dana Whitfield');
  });

  it('says the shipments are loading while the banner is still on its way, instead of a blank page', async () => {
    const answer = mockHomeApi().getMockImplementation()!;
    let answerBanner: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        new URL(input, 'http://localhost').pathname === '/api/user/get_notification'
          ? new Promise<Response>((resolve) => (answerBanner = resolve))
          : answer(input, init),
      ),
    );
    renderWithProviders(<HomeRoute />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading shipments...'));
    expect(screen.queryByRole('table')).toBeNull();
    answerBanner(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByRole('link', { name: 'DMI-4125906-0' })).toBeTruthy();
  });

  it('greets User when no name is stored', () => {
    mockHomeApi();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 7, 1, 7, 0) });
    renderWithProviders(<HomeRoute />);
    expect(heading()).toBe('Good morning, User');
  });

  it('takes the name from primary, then name_user, and then drops them from the address', async () => {
    mockHomeApi();
    Cookies.set('name', 'Dana Whitfield');
    const { router, unmount } = renderWithProviders(<HomeRoute />, {
      path: '/',
      url: '/?primary=Maria%20Delgado&name_user=Priya%20Raman&tab=1',
    });
    expect(heading()).toMatch(/, Maria Delgado$/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=1'));
    expect(heading()).toMatch(/, Maria Delgado$/);
    unmount();

    renderWithProviders(<HomeRoute />, { path: '/', url: '/?name_user=Priya%20Raman' });
    expect(heading()).toMatch(/, Priya Raman$/);
  });

  it('shows the notification, the five counts, Possible Charges and the shipments of the Home reply', async () => {
    const fetchMock = mockHomeApi();
    renderWithProviders(<HomeRoute />);
    expect((await screen.findByRole('region', { name: 'Notification' })).textContent).toBe(
      'ACE maintenance on Saturday.',
    );
    const counts = screen.getByRole('region', { name: 'Shipment counts' });
    await waitFor(() =>
      expect(
        within(counts)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        '55 Documents Required',
        '29 7501 Forms to Review',
        '22 CBP Hold/Exam',
        '33 FDA Hold/Exam',
        '150 Without Delivery Order',
        '4 Possible Charges',
      ]),
    );
    expect(screen.getByRole('link', { name: 'DMI-4125906-0' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'DMI-4125905-2' })).toBeTruthy();
    expect(homeRequests(fetchMock)).toEqual([{ source: 'home' }]);
    // Home's table has one order: no sort buttons, no pager.
    expect(screen.queryByRole('button', { name: 'ETA' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('leads to the whole list when its table holds a full page, and only then', async () => {
    const page = Array.from({ length: SHIPMENTS_PAGE_SIZE }, (_, index) => shipmentRow(index + 1));
    mockApi({
      '/user/profile': { body: PROFILE },
      '/user/get_notification': { body: [] },
      '/user/shipments': { body: homeReply(page) },
    });
    renderWithProviders(<HomeRoute />);
    const link = await screen.findByRole('link', { name: 'See all shipments' });
    expect(link.getAttribute('href')).toBe('/shipments');
    expect(link.parentElement?.textContent).toBe(
      `Showing the first ${SHIPMENTS_PAGE_SIZE} shipments. See all shipments`,
    );
  });

  it('offers no link to the whole list when its table holds all the shipments found', async () => {
    mockHomeApi();
    renderWithProviders(<HomeRoute />);
    await screen.findByRole('link', { name: 'DMI-4125906-0' });
    expect(screen.queryByRole('link', { name: 'See all shipments' })).toBeNull();
  });

  it('draws the counts once the banner is known, so that it never pushes them down', async () => {
    const fetchMock = mockHomeApi();
    let answerNotifications = () => {};
    const notificationsAnswered = new Promise<void>((resolve) => (answerNotifications = resolve));
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).includes('/user/get_notification')) await notificationsAnswered;
      return fetchMock(input, init);
    });
    renderWithProviders(<HomeRoute />);
    await waitFor(() => expect(homeRequests(fetchMock)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Shipment counts' })).toBeNull();
    answerNotifications();
    expect(await screen.findByRole('region', { name: 'Notification' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Shipment counts' })).toBeTruthy();
  });

  it('draws the counts at once when the notifications fail, without a banner', async () => {
    const fetchMock = mockApi({
      '/user/profile': { body: PROFILE },
      '/user/get_notification': { status: 500, body: { message: 'Server error' } },
      '/user/shipments': { body: homeReply(ROWS) },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<HomeRoute />);
    expect(await screen.findByRole('region', { name: 'Shipment counts' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    expect(logged).toHaveBeenCalledWith('Could not fetch the notifications', expect.anything());
    // The banner, drawn with the counts, does not ask again.
    expect(await screen.findAllByRole('row')).not.toHaveLength(0);
    expect(requestsTo(fetchMock, '/user/get_notification')).toHaveLength(1);
    logged.mockRestore();
  });

  it('sends the saved filters when opened by reload or history', async () => {
    sessionStorage.setItem('globalFilter', 'MSCU');
    sessionStorage.setItem('accountFilter', '40002');
    const fetchMock = mockHomeApi();
    renderWithProviders(<HomeRoute />);
    await waitFor(() =>
      expect(homeRequests(fetchMock)).toEqual([{ source: 'home', search: 'MSCU', account_no: '40002' }]),
    );
    expect((await screen.findByRole<HTMLInputElement>('searchbox')).value).toBe('MSCU');
  });

  it('clears the saved filters when reached by a push navigation', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('globalFilter', 'MSCU');
    sessionStorage.setItem('statusFilter', 'released');
    sessionStorage.setItem('accountFilter', '40002');
    sessionStorage.setItem('dateFilterOption', '1');
    sessionStorage.setItem('dateFilter', '{"from":"2026-11-22T00:00:00Z","to":"2026-11-29T00:00:00Z"}');
    sessionStorage.setItem('shipmentsPage', '4');
    sessionStorage.setItem('shipmentsScroll', '200');
    const fetchMock = mockHomeApi();
    renderRoutes(
      [
        { path: '/', element: <HomeRoute /> },
        { path: '/shipments', element: <Link to="/">Home</Link> },
      ],
      '/shipments',
    );
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(homeRequests(fetchMock)).toEqual([{ source: 'home' }]));
    expect({ ...sessionStorage }).toEqual({ shipmentsScroll: '200', listStateOwner: expect.any(String) });
  });

  it('clears its filters when a link to Home is followed on Home, and keeps them when the address is replaced', async () => {
    sessionStorage.setItem('globalFilter', 'MSCU');
    const fetchMock = mockHomeApi();
    const { router } = renderRoutes([{ path: '/', element: <HomeRoute /> }], '/');
    const search = await screen.findByRole<HTMLInputElement>('searchbox');
    expect(search.value).toBe('MSCU');
    await waitFor(() => expect(homeRequests(fetchMock)).toEqual([{ source: 'home', search: 'MSCU' }]));

    await router.navigate('/?tab=1', { replace: true });
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('MSCU');
    await router.navigate('/');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe(''));
    expect(sessionStorage.getItem('globalFilter')).toBeNull();
    await waitFor(() => expect(homeRequests(fetchMock).at(-1)).toEqual({ source: 'home' }));
  });

  it('waits 500 ms after the last change of a filter before asking again', async () => {
    const fetchMock = mockHomeApi();
    renderWithProviders(<HomeRoute />);
    await waitFor(() => expect(homeRequests(fetchMock)).toHaveLength(1));
    fireEvent.keyDown(await screen.findByLabelText('Account'), { key: 'ArrowDown' });
    const chosenAt = Date.now();
    await userEvent.setup().click(await screen.findByRole('option', { name: '40003' }));
    await waitFor(() => expect(homeRequests(fetchMock)).toHaveLength(2));
    expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(500);
    expect(homeRequests(fetchMock)[1]).toEqual({ source: 'home', account_no: '40003' });
  });

  it('shows the toast Failed to load shipments when the Home reply fails', async () => {
    mockApi({
      '/user/get_notification': { body: [] },
      '/user/profile': { body: PROFILE },
      '/user/shipments': { status: 500, body: { message: 'Internal Server Error' } },
    });
    renderWithProviders(<HomeRoute />);
    expect(await screen.findByText('Failed to load shipments', { selector: '.Toastify *' })).toBeTruthy();
  });
});
