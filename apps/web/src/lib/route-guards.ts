import { redirect } from 'react-router';
import { homePathFor, navItemsFor, type NavItem } from '@clearport/contract/roles';
import { paths } from '../config/paths.ts';
import { readSession } from './session.ts';

/**
 * Loaders that decide who may open a route. They read only the cookies, so they run before any
 * screen's code is downloaded.
 */

/** Pages inside the main layout need a stored token (spec section 6). */
export function requireSession(): null {
  if (!readSession()) throw redirect(paths.login.getHref());
  return null;
}

/** A screen of the navigation bar: a role without its link lands on its own home instead. */
export function requireNavItem(item: NavItem): () => null {
  return () => {
    const session = readSession();
    if (!session) throw redirect(paths.login.getHref());
    const role = session.role ?? 0;
    if (!navItemsFor(role).includes(item)) throw redirect(homePathFor(role));
    return null;
  };
}

/** The login page is for signed-out users; a signed-in user goes to their home. */
export function redirectSignedIn(): null {
  const session = readSession();
  if (session) throw redirect(homePathFor(session.role ?? 0));
  return null;
}
