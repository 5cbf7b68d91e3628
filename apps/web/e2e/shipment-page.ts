import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A toast with exactly this text. */
export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** Opens a shipment's page and waits for its heading. */
export async function openShipment(
  page: Page,
  navigate: (path: string) => Promise<void>,
  id: number,
  fileNumber: string,
) {
  await navigate(`/shipments/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Shipment # ${fileNumber}`);
}
