import Cookies from 'js-cookie';
import { SESSION_COOKIES, SESSION_TTL_SECONDS } from '@clearport/contract/constants';
import type { LoginResponse } from '@clearport/contract/auth';
import { forgetSessionEnded } from './session-ended.ts';

/**
 * What the browser keeps of a login (spec section 3: token, name, role, primary contact). The
 * token is the request token the server derived from the session's secret, which only the
 * server's HttpOnly cookie holds and no code here can read (docs/decisions/0033).
 */
export type Session = {
  token: string;
  name: string;
  role: number | null;
  primaryContact: string;
};

const SECONDS_PER_DAY = 86_400;

function cookieOptions(): Cookies.CookieAttributes {
  return {
    // js-cookie counts `expires` in days.
    expires: SESSION_TTL_SECONDS / SECONDS_PER_DAY,
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
  };
}

export function getSessionToken(): string | undefined {
  return Cookies.get(SESSION_COOKIES.token) || undefined;
}

export function hasSession(): boolean {
  return getSessionToken() !== undefined;
}

/** The stored session, or null when no token is stored. */
export function readSession(): Session | null {
  const token = getSessionToken();
  if (token === undefined) return null;
  const role = Number(Cookies.get(SESSION_COOKIES.role));
  return {
    token,
    name: Cookies.get(SESSION_COOKIES.name) ?? '',
    role: Number.isInteger(role) && role > 0 ? role : null,
    primaryContact: Cookies.get(SESSION_COOKIES.primaryContact) ?? '',
  };
}

export function saveSession(login: LoginResponse): void {
  const options = cookieOptions();
  Cookies.set(SESSION_COOKIES.token, login.token, options);
  Cookies.set(SESSION_COOKIES.name, login.name, options);
  Cookies.set(SESSION_COOKIES.role, String(login.role), options);
  Cookies.set(SESSION_COOKIES.primaryContact, login.primary || login.company_primary_contact, options);
  forgetSessionEnded();
}

/**
 * The query parameters of a broker's link to Home (spec section 2, Home): the token logs the user
 * in; the names are shown in the greeting.
 */
export const HOME_LINK_PARAMS = {
  token: 'token_user',
  name: 'name_user',
  primaryContact: 'primary',
} as const;

/**
 * Keeps the session a broker's link to Home started, as a login would: `login` is the server's
 * answer to the link's exchange; the link's names are the ones shown in the greeting.
 */
export function saveLinkSession(search: URLSearchParams, login: LoginResponse): void {
  saveSession({
    ...login,
    name: search.get(HOME_LINK_PARAMS.name) || login.name,
    primary: search.get(HOME_LINK_PARAMS.primaryContact) || login.primary || login.company_primary_contact,
  });
}

export function clearSession(): void {
  for (const name of Object.values(SESSION_COOKIES)) Cookies.remove(name, { path: '/' });
}
