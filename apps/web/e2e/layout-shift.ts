import type { Page } from '@playwright/test';

/** The page's layout shift since it loaded, as the browser counts it (without shifts after input). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) total += entry.value;
          }
          resolve(total);
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** The page's window once `recordLayoutShift` counts its shifts. */
type CountingWindow = typeof window & { takeLayoutShift?: () => number };

/**
 * Counts every layout shift of the pages the tab opens from now on, those right after a click or a
 * key too (which the browser's own score leaves out): a reply that lands then still moves what the
 * user reads. Read the count with `takeLayoutShift`.
 */
export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let total = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as Array<PerformanceEntry & { value: number }>) total += entry.value;
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    (window as CountingWindow).takeLayoutShift = () => {
      add(observer.takeRecords());
      const taken = total;
      total = 0;
      return taken;
    };
  });
}

/** The layout shift since the last take (or since the page loaded), once the frames drawn so far are counted. */
export function takeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(async () => {
    // A shift is counted when its frame is drawn: two frames on, the latest change is in.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as CountingWindow).takeLayoutShift!();
  });
}
