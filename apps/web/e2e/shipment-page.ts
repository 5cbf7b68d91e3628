import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A toast with exactly this text. */
export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/**
 * Opens a shipment's page through `open` (the navigate fixture, or a sign-in that lands there, which
 * spares the page load of Home) and waits for its heading.
 */
export async function openShipment(page: Page, open: (path: string) => Promise<void>, id: number, fileNumber: string) {
  await open(`/shipments/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Shipment # ${fileNumber}`);
}
