import type { Page } from '@playwright/test';
import { API_BASE } from '@clearport/contract/paths';

/** A held reply: `arrived` once the page has asked, `release` lets the reply through. */
export type HeldReply = { arrived: Promise<void>; release: () => void };

/**
 * Holds the page's next request to an API call until released, so the screen shows what it shows
 * while waiting, however long the reply would take. With `params`, only a request whose query
 * string has each of them: another request to the call (a page of the previous question) goes by.
 * With `every`, each such request until the release is held, not the first alone: a screen that asks
 * again (a part drawn anew as the page's layout settles) still waits.
 */
export async function holdNextReply(
  page: Page,
  call: string,
  params: Record<string, string> = {},
  { every = false }: { every?: boolean } = {},
): Promise<HeldReply> {
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) =>
      url.pathname === `${API_BASE}${call}` &&
      Object.entries(params).every(([name, value]) => url.searchParams.get(name) === value),
    async (route) => {
      arrive();
      await released;
      // The page may be gone when a failed test ends before the release.
      await route.continue().catch(() => {});
    },
    every ? {} : { times: 1 },
  );
  return { arrived, release };
}
