import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { homePathFor, navItemsFor, type NavItem } from '@clearport/contract/roles';
import { paths } from '../config/paths.ts';
import { HOME_LINK_PARAMS, readSession, saveLinkSession } from './session.ts';

/**
 * Loaders that decide who may open a route. They read only the cookies, so they run before any
 * screen's code is downloaded.
 */

/**
 * A broker's link to Home logs the user in with its `token_user` (spec section 2, Home). It is
 * kept before any guard reads the cookies; Home then takes the parameters out of the address.
 * Every guard of the main layout calls it, since their loaders do not wait for each other.
 */
function keepLinkSession(request: Request): void {
  const url = new URL(request.url);
  if (url.pathname === paths.home.path && url.searchParams.has(HOME_LINK_PARAMS.token)) {
    saveLinkSession(url.searchParams);
  }
}

/** Pages inside the main layout need a stored token (spec section 6). */
export function requireSession({ request }: LoaderFunctionArgs): null {
  keepLinkSession(request);
  if (!readSession()) throw redirect(paths.login.getHref());
  return null;
}

/** A screen of the navigation bar: a role without its link lands on its own home instead. */
export function requireNavItem(item: NavItem): (args: LoaderFunctionArgs) => null {
  return ({ request }) => {
    keepLinkSession(request);
    const session = readSession();
    if (!session) throw redirect(paths.login.getHref());
    const role = session.role ?? 0;
    if (!navItemsFor(role).includes(item)) throw redirect(homePathFor(role));
    return null;
  };
}

/**
 * A screen a role must not learn of (billing for role 11): its address answers the not-found
 * page, as any other unknown address would, and none of its code or data is loaded.
 */
export function requireNavItemOrNotFound(item: NavItem): (args: LoaderFunctionArgs) => null {
  return ({ request }) => {
    keepLinkSession(request);
    const session = readSession();
    if (!session) throw redirect(paths.login.getHref());
    if (!navItemsFor(session.role ?? 0).includes(item)) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}

/** The login page is for signed-out users; a signed-in user goes to their home. */
export function redirectSignedIn(): null {
  const session = readSession();
  if (session) throw redirect(homePathFor(session.role ?? 0));
  return null;
}
