import Cookies from 'js-cookie';
import { SESSION_COOKIES, SESSION_TTL_SECONDS } from '@clearport/contract/constants';
import type { LoginResponse, ProfileResponse } from '@clearport/contract/auth';

/** What the browser keeps of a login (spec section 3: token, name, role, primary contact). */
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
 * Keeps the session a broker's link to Home carries, as a login would: `profile` is the user the
 * link's token belongs to, asked of the server with that token. A session already stored has been
 * replaced by then, since the link may be for another user.
 */
export function saveLinkSession(
  search: URLSearchParams,
  profile: Pick<ProfileResponse, 'name' | 'role' | 'company'>,
): void {
  const token = search.get(HOME_LINK_PARAMS.token);
  if (!token) return;
  saveSession({
    token,
    name: search.get(HOME_LINK_PARAMS.name) || profile.name,
    role: profile.role,
    primary: search.get(HOME_LINK_PARAMS.primaryContact) || profile.company.primary_contact,
    company_primary_contact: profile.company.primary_contact,
  });
}

/** Stores only the token of a broker's link, so the profile call that names its user carries it. */
export function saveLinkToken(token: string): void {
  clearSession();
  Cookies.set(SESSION_COOKIES.token, token, cookieOptions());
}

export function clearSession(): void {
  for (const name of Object.values(SESSION_COOKIES)) Cookies.remove(name, { path: '/' });
}
