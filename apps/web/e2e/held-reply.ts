import type { Page } from '@playwright/test';
import { API_BASE } from '@clearport/contract/paths';

/** A held reply: `arrived` once the page has asked, `release` lets the reply through. */
export type HeldReply = { arrived: Promise<void>; release: () => void };

/**
 * Holds the page's next request to an API call until released, so the screen shows what it shows
 * while waiting, however long the reply would take.
 */
export async function holdNextReply(page: Page, call: string): Promise<HeldReply> {
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `${API_BASE}${call}`,
    async (route) => {
      arrive();
      await released;
      // The page may be gone when a failed test ends before the release.
      await route.continue().catch(() => {});
    },
    { times: 1 },
  );
  return { arrived, release };
}
