import type { Locator, Page } from '@playwright/test';
import { TOAST_AUTO_CLOSE_MS } from '@clearport/contract/constants';
import { CC_LIST_FULL, SETTINGS_ERRORS, SETTINGS_SAVED, SettingsResponse } from '@clearport/contract/settings';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { TEXTS } from '@clearport/contract/texts';
import { CreateTruckerResponse } from '@clearport/contract/truckers';
import { DEMO_PASSWORD, declineNextConfirm, expect, submitLogin, test } from './fixtures.ts';
import { openShipment, toast } from './shipment-page.ts';
import { type Api, apiHeaders, apiLogin, getDetail } from './shipments-api.ts';

const USER = 'primary@demo.test';

const listGroup = (page: Page, title: string) => page.getByRole('group', { name: `${title} e-mails`, exact: true });
/** A field of a trucker or warehouse of Settings, under its name. */
const entryField = (section: Locator, entry: string, label: string) =>
  section.getByRole('group', { name: entry, exact: true }).getByRole('textbox', { name: label, exact: true });
const saveSettings = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

/**
 * A shipment of account 40001 that has a delivery order already, with a container and a bill:
 * one more order there changes no list filter, and other specs take shipments without orders.
 */
async function orderableShipment(api: Api) {
  for (let page = 1; ; page += 1) {
    const response = await api.request.get('/api/user/shipments', {
      params: { page, account_no: '40001', sort: 'file_number', direction: 'desc' },
      headers: apiHeaders(api),
    });
    const reply = ShipmentsListResponse.parse(await response.json());
    for (const { id } of reply.data) {
      const { shipment } = await getDetail(api, id);
      const isUsable = shipment.containers.length > 0 && shipment.bill_lading.length > 0;
      if (isUsable && shipment.delivery_orders.length > 0 && shipment.ignored_shipment === 0) return shipment;
    }
    if (page >= reply.pagination.last_page) throw new Error('no shipment on 40001 with a delivery order');
  }
}

/** The options of a dropdown of the delivery order editor, Add New left out. */
async function dropdownOptions(page: Page, draft: Locator, label: string): Promise<string[]> {
  await draft.getByRole('combobox', { name: label, exact: true }).click();
  // The first opening waits for react-select's chunk.
  await expect(page.getByRole('option').first()).toBeVisible();
  const options = (await page.getByRole('option').allTextContents()).filter((option) => option !== 'Add New');
  await page.keyboard.press('Escape');
  return options;
}

test.describe('Settings, for a user whose system asks for less motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the toast Settings saved. shows, and closes by itself after its time', async ({ page, signIn }) => {
    await signIn(USER, '/settings');
    await saveSettings(page);
    const saved = toast(page, SETTINGS_SAVED);
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: TOAST_AUTO_CLOSE_MS + 15_000 });
  });
});

test.describe('Settings', () => {
  test('changes the 7501 list and its CCs, which stay after a reload; the CC counter stops at 10/10', async ({
    page,
    signIn,
    navigate,
  }) => {
    await signIn(USER, '/settings');
    const list = listGroup(page, '7501');
    await list.getByRole('textbox', { name: '7501 recipient' }).fill('customs.review@demoimports.test');
    const newCc = list.getByRole('textbox', { name: 'New CC for 7501' });
    await newCc.fill('not-an-address');
    await expect(list.getByRole('alert').filter({ hasText: TEXTS.emailInvalid })).toBeVisible();
    await expect(newCc).toHaveAccessibleDescription(TEXTS.emailInvalid);
    await expect(list.getByRole('button', { name: 'Add CC' })).toBeDisabled();
    // Remove whatever the list held, then fill it to ten.
    const removeButtons = list.getByRole('button', { name: /^Remove / });
    while ((await removeButtons.count()) > 0) await removeButtons.first().click();
    await expect(list.getByText('0/10 CC')).toBeVisible();
    for (let index = 1; index <= 10; index += 1) {
      await newCc.fill(`review${index}@demoimports.test`);
      await newCc.press('Enter');
      await expect(list.getByText(`${index}/10 CC`)).toBeVisible();
    }
    await expect(list.getByText(CC_LIST_FULL)).toBeVisible();
    await expect(newCc).toHaveCount(0);
    await saveSettings(page);
    await expect(toast(page, SETTINGS_SAVED)).toBeVisible();

    await navigate('/settings');
    const reloaded = listGroup(page, '7501');
    await expect(reloaded.getByRole('textbox', { name: '7501 recipient' })).toHaveValue(
      'customs.review@demoimports.test',
    );
    await expect(reloaded.getByText('10/10 CC')).toBeVisible();
    await expect(reloaded.getByText('review10@demoimports.test')).toBeVisible();
    // Back to a shorter list, so the limit gives way again.
    await reloaded.getByRole('button', { name: 'Remove review10@demoimports.test' }).click();
    await expect(reloaded.getByText('9/10 CC')).toBeVisible();
    // The removed chip's button went with it: the focus is on the chip now last, not the page's start.
    await expect(reloaded.getByRole('button', { name: 'Remove review9@demoimports.test' })).toBeFocused();
    await expect(reloaded.getByRole('textbox', { name: 'New CC for 7501' })).toBeVisible();
  });

  test('creates, edits and deletes a trucker and a warehouse, which the delivery order editor follows', async ({
    page,
    request,
    signIn,
    navigate,
  }) => {
    test.setTimeout(240_000);
    const api = await apiLogin(request, USER);
    const shipment = await orderableShipment(api);
    await signIn(USER, '/settings');

    const truckers = page.getByRole('region', { name: 'Truckers' });
    await truckers.getByRole('textbox', { name: 'Trucker name' }).fill('Settings Test Hauling');
    await truckers.getByRole('textbox', { name: 'Contact 1' }).fill('dispatch@settings-hauling.test');
    await truckers.getByRole('button', { name: 'Create Trucker' }).click();
    await expect(toast(page, TEXTS.truckerCreated)).toBeVisible();
    const warehouses = page.getByRole('region', { name: 'Warehouses' });
    await warehouses
      .getByRole('region', { name: 'New Warehouse' })
      .getByRole('textbox', { name: 'Warehouse Name', exact: true })
      .fill('Settings Test Dock');
    await warehouses.getByRole('button', { name: 'Create Warehouse' }).click();
    await expect(toast(page, TEXTS.warehouseCreated)).toBeVisible();

    await entryField(truckers, 'Settings Test Hauling', 'Name').fill('Settings Test Haulage');
    await entryField(warehouses, 'Settings Test Dock', 'Warehouse Name').fill('Settings Test Depot');
    await saveSettings(page);
    await expect(toast(page, SETTINGS_SAVED)).toBeVisible();

    await openShipment(page, navigate, shipment.id, shipment.file_number);
    const area = page.getByRole('region', { name: 'Delivery orders', exact: true });
    await area.getByRole('button', { name: 'New Delivery Order' }).click();
    const draft = area.getByRole('article', { name: 'New delivery order (not saved)' });
    expect(await dropdownOptions(page, draft, 'Trucker')).toContain('Settings Test Haulage');
    expect(await dropdownOptions(page, draft, 'Warehouse')).toContain('Settings Test Depot');

    // Leaving the unsaved draft asks; this test accepts.
    page.once('dialog', (dialog) => void dialog.accept());
    await navigate('/settings');
    await truckers.getByRole('button', { name: 'Delete Settings Test Haulage' }).click();
    await expect(truckers.getByText('Deleted on Save')).toBeVisible();
    await warehouses.getByRole('button', { name: 'Delete Settings Test Depot' }).click();
    await saveSettings(page);
    await expect(toast(page, SETTINGS_SAVED)).toBeVisible();
    await expect(truckers.getByRole('group', { name: 'Settings Test Haulage', exact: true })).toHaveCount(0);

    await openShipment(page, navigate, shipment.id, shipment.file_number);
    await area.getByRole('button', { name: 'New Delivery Order' }).click();
    expect(await dropdownOptions(page, draft, 'Trucker')).not.toContain('Settings Test Haulage');
    expect(await dropdownOptions(page, draft, 'Warehouse')).not.toContain('Settings Test Depot');
  });

  test('refuses to delete a trucker an unsent delivery order uses, with the spec’s message', async ({
    page,
    request,
    signIn,
    navigate,
  }) => {
    const api = await apiLogin(request, USER);
    const headers = apiHeaders(api);
    const created = await request.post('/api/user/trucker/save', {
      headers,
      data: { truckers: [{ name: 'Busy Wheels', email: 'busy@wheels.test', cc_emails: [] }] },
    });
    const [trucker] = CreateTruckerResponse.parse(await created.json()).truckers;
    const settings = SettingsResponse.parse(await (await request.get('/api/user/settings', { headers })).json());
    const shipment = await orderableShipment(api);
    const order = await request.post(`/api/user/shipments/${shipment.id}/delivery_order`, {
      headers,
      data: {
        trucker_id: trucker!.id,
        warehouse_id: settings.user.warehouses.find((each) => each.status === 1)!.id,
        reference_number: '',
        note: '',
        containers: [shipment.containers[0]!.id],
        bill_ladings: [shipment.bill_lading[0]!.id],
        reuse_assigned_containers: true,
      },
    });
    expect(order.ok(), await order.text()).toBe(true);

    await signIn(USER, '/settings');
    const truckers = page.getByRole('region', { name: 'Truckers' });
    await truckers.getByRole('button', { name: 'Delete Busy Wheels' }).click();
    await saveSettings(page);
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: TEXTS.truckersInUse })).toBeVisible();
    await expect(toast(page, TEXTS.truckersInUse)).toBeVisible();
    await navigate('/settings');
    await expect(entryField(truckers, 'Busy Wheels', 'Name')).toBeVisible();
  });

  test('a tab opened before a change made in another refuses to save over it, and keeps it', async ({
    page,
    signIn,
  }) => {
    await signIn(USER, '/settings');
    const recipient = listGroup(page, 'Invoice').getByRole('textbox', { name: 'Invoice recipient' });
    await expect(recipient).toBeVisible();
    // A second tab creates a trucker the first one never read.
    const other = await page.context().newPage();
    await other.goto(page.url());
    const otherTruckers = other.getByRole('region', { name: 'Truckers' });
    await otherTruckers.getByRole('textbox', { name: 'Trucker name' }).fill('Second Tab Carriers');
    await otherTruckers.getByRole('button', { name: 'Create Trucker' }).click();
    await expect(toast(other, TEXTS.truckerCreated)).toBeVisible();
    await other.close();

    await recipient.fill('payables@demoimports.test');
    await saveSettings(page);
    await expect(toast(page, SETTINGS_ERRORS.changedElsewhere)).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    const truckers = page.getByRole('region', { name: 'Truckers' });
    await expect(truckers.getByRole('group', { name: 'Second Tab Carriers', exact: true })).toBeVisible();
    await expect(listGroup(page, 'Invoice').getByRole('textbox', { name: 'Invoice recipient' })).not.toHaveValue(
      'payables@demoimports.test',
    );
  });

  test('asks before leaving with unsaved changes, and stays when told to', async ({ page, signIn }) => {
    await signIn(USER, '/settings');
    await listGroup(page, 'Invoice').getByRole('textbox', { name: 'Invoice recipient' }).fill('someone@else.test');

    const messages = declineNextConfirm(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => messages).toEqual([TEXTS.settingsUnsavedChanges]);
    await expect(page).toHaveURL(/\/settings$/);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).not.toHaveURL(/\/settings$/);
  });

  test('changes the password with the current one, and logs in with the new one', async ({
    page,
    signIn,
    navigate,
  }) => {
    const email = 'manager@demo.test';
    const newPassword = 'settings-new-secret';
    await signIn(email, '/settings');
    await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByRole('textbox', { name: 'New password' })).toHaveAttribute('type', 'text');
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await saveSettings(page);
    await expect(toast(page, SETTINGS_SAVED)).toBeVisible();

    await page.context().clearCookies();
    await page.goto('/login');
    await submitLogin(page, email, newPassword);
    await expect(page).not.toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // The demo password back, for the tests after this one on the same server.
    await navigate('/settings');
    await page.getByLabel('New password').fill(DEMO_PASSWORD);
    await page.getByLabel('Current password').fill(newPassword);
    await saveSettings(page);
    await expect(toast(page, SETTINGS_SAVED)).toBeVisible();
  });
});
