import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { detailReply } from '../testing/shipment-detail-data.ts';
import { invoice, invoicesReply, PAYMENT_INSTRUCTIONS } from '../testing/invoices-data.ts';
import { homeReply, listReply, PROFILE } from '../testing/shipments-data.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { mockApi, renderRoutes, requestsTo } from '../testing/test-utils.tsx';
import { createAppRoutes } from './router.tsx';

/** The user a broker's link is for, as the server names them. */
const LINK_PROFILE = {
  ...PROFILE,
  name: 'Sam Ortiz',
  role: 5,
  company: { ...PROFILE.company, primary_contact: 'Priya Raman' },
};

/** The server's answer to the exchange of a broker's link. */
const LINK_LOGIN = {
  token: 'link-request-token',
  name: 'Sam Ortiz',
  role: 5,
  primary: 'Priya Raman',
  company_primary_contact: 'Priya Raman',
};

function signIn(role: number, name = 'Dana Whitfield') {
  Cookies.set('token', 'session-token');
  Cookies.set('name', name);
  Cookies.set('role', String(role));
  Cookies.set('primary', 'Priya Raman');
}

function renderApp(url: string) {
  const queryClient = createQueryClient();
  return renderRoutes(
    createAppRoutes(async () => queryClient),
    url,
    queryClient,
  );
}

const heading = async () => (await screen.findByRole('heading', { level: 1 })).textContent;

describe('app routes', () => {
  beforeEach(() => {
    mockApi({
      '/user/profile': { body: PROFILE },
      '/user/get_notification': { body: [] },
      '/user/shipments': (url) => ({ body: url.searchParams.has('source') ? homeReply([]) : listReply([]) }),
      '/user/shipments/details/12': { body: detailReply() },
      '/user/invoices': { body: invoicesReply([invoice()]) },
      '/user/invoices/4': { body: { invoice: invoice() } },
      '/user/payment-instructions': { body: { payment_instructions: PAYMENT_INSTRUCTIONS } },
    });
  });

  it('shows the full-screen loading message while a screen loads', () => {
    renderApp('/login');
    expect(screen.getByText('Loading please wait...')).toBeTruthy();
  });

  it.each([
    ['/', 'Good'],
    ['/shipments', 'Shipments'],
    ['/shipments/12', 'Shipment # DMI-4120012-1'],
    ['/billing', 'Billing'],
    ['/billing/4', 'Invoice'],
    ['/users', 'Users'],
    ['/users/new-user', 'New User'],
    ['/users/9', 'Edit User'],
    ['/reports', 'Reports'],
    ['/settings', 'Settings'],
  ])('%s opens inside the main layout for a signed-in primary user', async (url, title) => {
    signIn(3);
    const { router } = renderApp(url);
    // A screen with data to load shows Loading... first.
    await waitFor(async () => expect(await heading()).toContain(title));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(url);
  });

  it("asks for the shipments list once, from the route's loader, with the saved order", async () => {
    sessionStorage.setItem('shipmentsSort', 'account_no asc');
    signIn(3);
    const fetchMock = mockApi({ '/user/profile': { body: PROFILE }, '/user/shipments': { body: listReply([]) } });
    renderApp('/shipments');
    expect(await heading()).toContain('Shipments');
    await screen.findByText('No shipments found');
    const requests = requestsTo(fetchMock, '/user/shipments');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.searchParams.get('sort')).toBe('account_no');
    expect(requests[0]!.searchParams.get('direction')).toBe('asc');
  });

  it('shows the reports on /reports', async () => {
    signIn(3);
    renderApp('/reports');
    expect(await screen.findByRole('heading', { level: 2, name: 'Duty and fees by month' })).toBeTruthy();
  });

  it.each(['/', '/shipments/12', '/settings', '/users/new-user'])(
    'sends %s to /login when no token is stored',
    async (url) => {
      const { router } = renderApp(url);
      expect(await heading()).toBe('Sign in to your account');
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each([
    ['/shipments/12', '?next=%2Fshipments%2F12'],
    ['/billing/4?from=mail', '?next=%2Fbilling%2F4%3Ffrom%3Dmail'],
    ['/', ''],
  ])('names %s as the page to open after the login', async (url, search) => {
    const { router } = renderApp(url);
    expect(await heading()).toBe('Sign in to your account');
    expect(router.state.location.search).toBe(search);
  });

  it.each([
    ['/login?next=%2Fshipments%2F12', '/shipments/12'],
    ['/login?next=%2F%2Felsewhere.example%2Fshipments', '/'],
    ['/login?next=https%3A%2F%2Felsewhere.example', '/'],
    ['/login?next=%2Flogin', '/'],
  ])('sends a signed-in user from %s on to %s', async (url, pathname) => {
    signIn(3);
    const { router } = renderApp(url);
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  });

  it.each(['/login', '/forgot-password', '/reset-password/some-token'])('%s opens without a session', async (url) => {
    const { router } = renderApp(url);
    await heading();
    expect(router.state.location.pathname).toBe(url);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows the not-found page for any other path, signed in or not', async () => {
    renderApp('/no/such/page');
    expect(await heading()).toBe('ERROR THIS PAGE DOES NOT EXIST');
  });

  it('sends role 11 from / to /shipments', async () => {
    signIn(11);
    const { router } = renderApp('/');
    expect(await heading()).toBe('Shipments');
    expect(router.state.location.pathname).toBe('/shipments');
  });

  it('shows role 11 the not-found page on /reports, and asks for no report', async () => {
    signIn(11);
    const fetchMock = mockApi({ '/user/profile': { body: PROFILE }, '/user/get_notification': { body: [] } });
    renderApp('/reports');
    expect(await heading()).toBe('ERROR THIS PAGE DOES NOT EXIST');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/reports'))).toBe(false);
  });

  it.each(['/billing', '/billing/4'])('shows role 11 the not-found page on %s, and loads no invoice', async (url) => {
    signIn(11);
    const fetchMock = mockApi({ '/user/profile': { body: PROFILE }, '/user/get_notification': { body: [] } });
    const { router } = renderApp(url);
    expect(await heading()).toBe('ERROR THIS PAGE DOES NOT EXIST');
    expect(router.state.location.pathname).toBe(url);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/invoices'))).toBe(false);
  });

  it.each([
    [5, '/users'],
    [5, '/users/9'],
    [11, '/users'],
    [11, '/settings'],
  ])('shows role %i the not-found page on %s, as on every screen the role may not open', async (role, url) => {
    signIn(role, 'Sam Ortiz');
    mockApi({ '/user/profile': { body: PROFILE }, '/user/get_notification': { body: [] } });
    const { router } = renderApp(url);
    expect(await heading()).toBe('ERROR THIS PAGE DOES NOT EXIST');
    expect(router.state.location.pathname).toBe(url);
  });

  it('sends a signed-in user from /login to their home', async () => {
    signIn(11);
    const { router } = renderApp('/login');
    expect(await heading()).toBe('Shipments');
    expect(router.state.location.pathname).toBe('/shipments');
  });

  it("signs in with a broker's link to Home by exchanging its token, and drops the token from the address", async () => {
    const fetchMock = mockApi({
      '/user/session/exchange': { body: LINK_LOGIN },
      '/user/profile': { body: LINK_PROFILE },
      '/user/shipments': { body: homeReply([]) },
      '/user/get_notification': { body: [] },
    });
    const { router } = renderApp('/?token_user=link-token&name_user=Sam%20Ortiz&primary=Maria%20Delgado');
    expect(await heading()).toMatch(/^Good (morning|afternoon|evening), Maria Delgado$/);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    expect(window.location.search).not.toContain('token_user');
    expect(Cookies.get()).toEqual({
      token: 'link-request-token',
      name: 'Sam Ortiz',
      role: '5',
      primary: 'Maria Delgado',
    });
    const [exchangeUrl, exchange] = fetchMock.mock.calls[0]!;
    expect(String(exchangeUrl)).toBe('/api/user/session/exchange');
    expect(exchange?.method).toBe('POST');
    expect(JSON.parse(String(exchange?.body))).toEqual({ token: 'link-token' });
    expect(exchange?.headers).not.toHaveProperty('authorization');
    await waitFor(() => expect(requestsTo(fetchMock, '/user/shipments')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
  });

  it("replaces a stored session with the broker's link's; a role 11 link lands on /shipments", async () => {
    signIn(3, 'Tom Becker');
    mockApi({
      '/user/session/exchange': { body: { ...LINK_LOGIN, role: 11, primary: 'Priya Raman' } },
      '/user/profile': { body: { ...LINK_PROFILE, role: 11 } },
      '/user/shipments': { body: listReply([]) },
    });
    const { router } = renderApp('/?token_user=link-token&name_user=Sam%20Ortiz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipments'));
    expect(Cookies.get()).toEqual({
      token: 'link-request-token',
      name: 'Sam Ortiz',
      role: '11',
      primary: 'Priya Raman',
    });
  });

  it("sends a broker's link whose token is used, expired or unknown to the login page", async () => {
    signIn(3, 'Tom Becker');
    mockApi({ '/user/session/exchange': { status: 401, body: { message: 'This sign-in link has expired.' } } });
    const { router } = renderApp('/?token_user=stale-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(Cookies.get('token')).toBeUndefined();
    expect(router.state.location.search).toBe('');
  });

  it('takes a token only on Home', async () => {
    const { router } = renderApp('/billing?token_user=link-token');
    expect(await heading()).toBe('Sign in to your account');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fbilling');
    expect(Cookies.get('token')).toBeUndefined();
  });
});
