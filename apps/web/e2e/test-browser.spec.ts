import { expect, test } from '@playwright/test';
import { OMNIBOX_POPUP_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from './browser-session.ts';

/** The browser the tests drive, as CHROMIUM_LAUNCH starts it: Playwright's launch, less the omnibox's popup. */
test("the tests' browser keeps the features Playwright disables, and starts no omnibox popup", async ({
  browser,
  page,
}) => {
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  const [playwrights] = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','));
  expect(playwrights?.toSorted()).toEqual(PLAYWRIGHT_DISABLED_FEATURES.toSorted());

  // What Chromium made of its command line: a base64 JSON of the features it enables and disables.
  const encoded = (await page.content()).match(/eyJ[A-Za-z0-9+/=]+/g)!.toSorted((a, b) => b.length - a.length)[0]!;
  const variations = JSON.parse(Buffer.from(encoded, 'base64').toString()) as { 'disable-features': string };
  const disabled = variations['disable-features'].split(',');
  expect(disabled).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES]));

  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox'))).toEqual([]);
});
