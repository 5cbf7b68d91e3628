import type { LoginResponse } from '@clearport/contract/auth';
import { SESSION_COOKIES, SESSION_TTL_SECONDS } from '@clearport/contract/constants';

/**
 * The features Playwright's launch disables (playwright-core's `chromiumSwitches`), named again below:
 * Chromium reads only the last `--disable-features` of its command line, so a second one replaces
 * Playwright's instead of adding to it. `e2e/test-browser.spec.ts` fails when Playwright's list
 * changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The omnibox's popup, a page of Chromium's own (chrome://omnibox-popup.top-chrome) that each new
 * window of Chromium 156 starts in a renderer process beside the tested page. Headless, nobody types
 * into an omnibox, and that renderer took as much CPU as the tested page's: without it the browser
 * tests take a fifth less time and CPU.
 */
export const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
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
