import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { TEXTS } from '@clearport/contract/texts';
import { expect, mainNavigation, test } from './fixtures.ts';
import { openShipment, toast } from './shipment-page.ts';
import { apiLogin, findShipment, samplePdf, takesANewOrder, uploadDocument } from './shipments-api.ts';
import { pager, shipmentRows, tableSettled } from './shipments-table.ts';

/*
 * Where the keyboard's focus goes when what held it goes away: a page left, a step of a form
 * replaced, a form refused. It never falls to the page's start, where a keyboard or screen reader
 * user would have to find their way back.
 */

test.describe('The focus after a change', () => {
  test('goes to the new page’s heading after a link of the phone’s More menu', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn('primary@demo.test', '/');
    const more = mainNavigation(page).getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    // The menu opens on its first link.
    await expect(mainNavigation(page).getByRole('link', { name: 'Users' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('goes to the field at fault when a new trucker is refused', async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/settings');
    const truckers = page.getByRole('region', { name: 'Truckers' });
    const create = truckers.getByRole('button', { name: 'Create Trucker' });
    await create.focus();
    await page.keyboard.press('Enter');
    const name = truckers.getByRole('textbox', { name: 'Trucker name' });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(truckers.getByText(TEXTS.cannotBeEmpty).first()).toBeVisible();
  });

  test('stays in the two-factor section when a step of its set-up gives way to another', async ({ page, signIn }) => {
    await signIn('user@demo.test', '/settings');
    const section = page.getByRole('region', { name: TWO_FACTOR_TEXTS.section });
    await section.getByRole('button', { name: TWO_FACTOR_TEXTS.turnOn }).click();
    const cancel = section.getByRole('button', { name: 'Cancel' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('button', { name: TWO_FACTOR_TEXTS.turnOn })).toBeFocused();
  });

  test('goes to the document in a deleted one’s place, and stays in the list when the last goes', async ({
    page,
    request,
    signIn,
  }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(
      api,
      SHIPMENT_STATUSES.submitted,
      ({ shipment: each }) => each.isf_transaction_no !== null,
      1,
    );
    const names = [`Arrival notice ${Date.now()}.pdf`, `Packing list ${Date.now()}.pdf`];
    for (const name of names) {
      await uploadDocument(api, shipment.id, { name, mimeType: 'application/pdf', buffer: samplePdf(name) });
    }
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    const uploads = page.getByRole('region', { name: 'Uploaded documents', exact: true });
    page.on('dialog', (dialog) => void dialog.accept());

    await uploads.getByRole('button', { name: `Delete ${names[0]}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Document deleted successfully.')).toBeVisible();
    const next = uploads.getByRole('button', { name: `Delete ${names[1]}`, exact: true });
    await expect(next).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(uploads.getByRole('button', { name: names[1], exact: true })).toHaveCount(0);
    // The row now in its place, the one before it, or the heading when none is left.
    await expect(uploads.locator(':focus')).toHaveCount(1);
  });

  test('goes to a shipment’s heading once its page has loaded, not to the loading page’s', async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/shipments');
    await tableSettled(page);
    const entry = shipmentRows(page).first().getByRole('link');
    const fileNumber = await entry.innerText();
    await entry.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(fileNumber);
    await expect(heading).toBeFocused();
  });

  test('stays in the pager when the button it was on turns off at the list’s first page', async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/shipments');
    await tableSettled(page);
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await tableSettled(page);
    const previous = pager(page).getByRole('button', { name: 'Previous' });
    await previous.focus();
    await page.keyboard.press('Enter');
    await expect(previous).toBeDisabled();
    await expect(pager(page).locator(':focus')).toHaveCount(1);
    // Where it now is, Enter does what the button says, as it would for a user who never saw the change.
    await expect(pager(page).locator(':focus')).toBeEnabled();
  });

  test('goes into a new delivery order’s form from its button, and into a dialog’s first field', async ({
    page,
    request,
    signIn,
  }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(api, SHIPMENT_STATUSES.pendingRelease, takesANewOrder);
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    const orders = page.getByRole('region', { name: 'Delivery orders', exact: true });
    await orders.getByRole('button', { name: 'New Delivery Order' }).focus();
    await page.keyboard.press('Enter');
    const draft = orders.getByRole('article', { name: 'New delivery order (not saved)' });
    await expect(draft.getByRole('combobox', { name: 'Trucker', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Add New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Trucker' });
    await expect(dialog.getByRole('textbox', { name: 'Trucker name' })).toBeFocused();
  });

  test('comes back to the row a shipment was opened from', async ({ page, signIn }) => {
    await signIn('primary@demo.test', '/shipments');
    await tableSettled(page);
    const entry = shipmentRows(page).nth(4).getByRole('link');
    const fileNumber = await entry.innerText();
    await entry.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(fileNumber);
    await page.goBack();
    await expect(shipmentRows(page).getByRole('link', { name: fileNumber, exact: true })).toBeFocused();
  });
});
