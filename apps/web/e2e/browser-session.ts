import type { LoginResponse } from '@clearport/contract/auth';
import { SESSION_COOKIES, SESSION_TTL_SECONDS } from '@clearport/contract/constants';

/** Debian's Chromium, as the browser tests and the web bench launch it (never a downloaded browser). */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The demo brokerage the server seeds into an empty database (all share one password). */
export const DEMO_PASSWORD = 'portal-demo';

/**
 * The HttpOnly session cookie a login reply set (its Set-Cookie line), for a browser context at
 * `url` that did not receive the reply itself (decision 0033).
 */
export function sessionSecretCookieOf(setCookie: string, url: string) {
  const [pair] = setCookie.split(';');
  const at = pair!.indexOf('=');
  return {
    name: pair!.slice(0, at),
    value: pair!.slice(at + 1),
    url,
    expires: Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS,
    httpOnly: true,
    sameSite: 'Strict' as const,
  };
}

/** The session cookies the login page keeps after `login`, for a browser context at `url`. */
export function sessionCookiesOf(login: LoginResponse, url: string) {
  const expires = Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS;
  const cookie = (name: string, value: string) => ({
    name,
    // As js-cookie writes them.
    value: encodeURIComponent(value),
    url,
    expires,
    sameSite: 'Strict' as const,
  });
  return [
    cookie(SESSION_COOKIES.token, login.token),
    cookie(SESSION_COOKIES.name, login.name),
    cookie(SESSION_COOKIES.role, String(login.role)),
    cookie(SESSION_COOKIES.primaryContact, login.primary || login.company_primary_contact),
  ];
}
