import { data, redirect, replace, type LoaderFunctionArgs } from 'react-router';
import { homePathFor, navItemsFor, ROLES, type NavItem } from '@clearport/contract/roles';
import type { LoginResponse } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { paths } from '../config/paths.ts';
import { api, hasStatus } from './api-client.ts';
import { clearSession, HOME_LINK_PARAMS, readSession, saveLinkSession } from './session.ts';

/**
 * Loaders that decide who may open a route. They read the cookies, so they run before any
 * screen's code is downloaded; only a broker's link waits for the server, to learn whose it is.
 */

/** The broker's link being signed in, so that every guard of one navigation waits for the same call. */
let linkLogin: { token: string; done: Promise<void> } | null = null;

/** The address without the link's token: its names stay for Home's greeting, which drops them after. */
function withoutLinkToken(url: URL): string {
  const clean = new URL(url);
  clean.searchParams.delete(HOME_LINK_PARAMS.token);
  return `${clean.pathname}${clean.search}${clean.hash}`;
}

async function signInWithLink(search: URLSearchParams, token: string): Promise<void> {
  // A session already stored goes first: the link may be another user's.
  clearSession();
  try {
    // The token is used up on the server, which sets the session cookie; the reply is checked
    // against the contract in development and tests only, and the schema is imported only there,
    // so that the production entry neither carries nor imports the schema library.
    const schema = import.meta.env.DEV ? (await import('@clearport/contract/auth')).LoginResponse : undefined;
    const login = await api.post<LoginResponse>(
      API_PATHS.exchangeSignInLink,
      { token },
      { isAuthenticated: false, schema },
    );
    saveLinkSession(search, login);
  } catch (failure) {
    clearSession();
    // A used, expired or unknown link is a failed login; any other failure is a page error.
    if (hasStatus(failure, 400, 401, 429)) throw redirect(paths.login.getHref());
    throw failure;
  }
}

/**
 * A broker's link to Home signs the user in with its `token_user` (spec section 2, Home), exactly
 * as the login form does: the token, single-use and short-lived, is exchanged on the server for a
 * session (docs/decisions/0033) before any guard or layout reads it, so a role 11 user lands on
 * /shipments. The token leaves the address and the history at once (history.replaceState, then
 * the router's `replace`); Home then drops the names it greeted with. Every guard of the main
 * layout waits for the same exchange, since their loaders do not wait for each other.
 */
async function keepLinkSession(request: Request): Promise<void> {
  const url = new URL(request.url);
  const token = url.searchParams.get(HOME_LINK_PARAMS.token);
  if (url.pathname !== paths.home.path || !token) return;
  const clean = withoutLinkToken(url);
  window.history.replaceState(window.history.state, '', clean);
  if (linkLogin?.token !== token) {
    const done = signInWithLink(url.searchParams, token);
    linkLogin = { token, done };
    const forget = () => setTimeout(() => (linkLogin = null));
    done.then(forget, forget);
  }
  await linkLogin.done;
  throw replace(clean);
}

/** The parameter of the login page that names the page to open after it. */
export const NEXT_PARAM = 'next';

/**
 * The login page for a signed-out visit of `request`'s page, which it opens again after the
 * login: a link from an e-mail leads to its shipment, not to Home. A broker's link parameters
 * are left out, so no token stays in the address.
 */
function loginFor(request: Request): string {
  const url = new URL(request.url);
  for (const name of Object.values(HOME_LINK_PARAMS)) url.searchParams.delete(name);
  const page = `${url.pathname}${url.search}`;
  return paths.login.getHref(page === paths.home.path ? undefined : page);
}

/**
 * The page to open after the login: `next` when it is a page of this site (a path, never another
 * origin like `//elsewhere.example`), otherwise undefined.
 */
export function pageAfterLogin(search: URLSearchParams): string | undefined {
  const next = search.get(NEXT_PARAM);
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  return next.startsWith(paths.login.path) ? undefined : next;
}

/** Pages inside the main layout need a stored token (spec section 6). */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  await keepLinkSession(request);
  if (!readSession()) throw redirect(loginFor(request));
  return null;
}

/**
 * A screen of the navigation bar, for the roles that have its link. Any other role typing its
 * address gets the not-found page, as for any unknown address (docs/decisions/0003): the address
 * tells nothing of the screen, and none of its code or data is loaded. Home is the exception
 * (requireHome).
 */
export function requireNavItem(item: NavItem): (args: LoaderFunctionArgs) => Promise<null> {
  return async ({ request }) => {
    await keepLinkSession(request);
    const session = readSession();
    if (!session) throw redirect(loginFor(request));
    if (!navItemsFor(session.role ?? 0).includes(item)) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

/** The primary user's own screens (Security events): any other role gets the not-found page, as requireNavItem. */
export async function requirePrimaryUser({ request }: LoaderFunctionArgs): Promise<null> {
  await keepLinkSession(request);
  const session = readSession();
  if (!session) throw redirect(loginFor(request));
  if (session.role !== ROLES.primary) throw data(null, { status: 404, statusText: 'Not Found' });
  return null;
}

/** Home: role 11, which has none, is sent on to its own home, /shipments (spec section 2). */
export async function requireHome({ request }: LoaderFunctionArgs): Promise<null> {
  await keepLinkSession(request);
  const session = readSession();
  if (!session) throw redirect(loginFor(request));
  const role = session.role ?? 0;
  if (!navItemsFor(role).includes('home')) throw redirect(homePathFor(role));
  return null;
}

/** The login page is for signed-out users; a signed-in user goes on to the page it names, or their home. */
export function redirectSignedIn({ request }: LoaderFunctionArgs): null {
  const session = readSession();
  if (session) throw redirect(pageAfterLogin(new URL(request.url).searchParams) ?? homePathFor(session.role ?? 0));
  return null;
}
