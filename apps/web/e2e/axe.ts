import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The widths every screen is checked at: a desktop and a phone. */
export const VIEWPORTS = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

/** Runs axe on the page as it is; fails on any serious or critical violation, naming each. */
export async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    // Only violations are wanted, so axe keeps no detail of what passed.
    .options({ resultTypes: ['violations'] })
    // axe runs in the page and its same-origin frames, which are all the portal has (the invoice's PDF
    // is a blob of its own origin), instead of frame by frame and then in a blank page it opens: a
    // third of the time (2.5 s instead of 8 s on the shipments list at load 15).
    .setLegacyMode()
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
