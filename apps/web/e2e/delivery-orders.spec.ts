import type { Page } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import { ProfileResponse } from '@clearport/contract/auth';
import { DATE_DISPLAY_FORMAT } from '@clearport/contract/constants';
import { SettingsResponse } from '@clearport/contract/settings';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { type ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { declineNextConfirm, expect, test } from './fixtures.ts';
import { headerLine, outboxFiles, readMail } from './outbox.ts';
import { openShipment, toast } from './shipment-page.ts';
import { type Api, apiHeaders, apiLogin, getDetail } from './shipments-api.ts';

const ACCOUNT = '40001';
const USER = 'primary@demo.test';

const area = (page: Page) => page.getByRole('region', { name: 'Delivery orders', exact: true });

/**
 * The first shipment of the account, by entry number from the last, that `matches`. Other specs
 * take theirs from the first, so the orders made here never meet theirs.
 */
async function findOnAccount(api: Api, matches: (detail: ShipmentDetailResponse) => boolean) {
  for (let page = 1; ; page += 1) {
    const response = await api.request.get('/api/user/shipments', {
      params: { page, account_no: ACCOUNT, sort: 'file_number', direction: 'desc' },
      headers: apiHeaders(api),
    });
    const reply = ShipmentsListResponse.parse(await response.json());
    for (const { id } of reply.data) {
      const detail = await getDetail(api, id);
      if (matches(detail)) return detail.shipment;
    }
    if (page >= reply.pagination.last_page) throw new Error(`no shipment on ${ACCOUNT} as the test needs`);
  }
}

/** Picks an entry of a dropdown (react-select) as a user would: open it, click the option. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Delivery orders', () => {
  test('creates an order with a new trucker and warehouse, edits it and deletes it', async ({
    page,
    request,
    signIn,
  }) => {
    test.setTimeout(240_000);
    const api = await apiLogin(request, USER);
    const shipment = await findOnAccount(
      api,
      ({ shipment: each }) =>
        each.containers.length >= 2 &&
        each.bill_lading.length >= 1 &&
        each.delivery_orders.length === 0 &&
        each.ignored_shipment === 0,
    );
    await openShipment(page, (path) => signIn(USER, path), shipment.id, shipment.file_number);

    // A new order that is dropped before it is saved only disappears.
    await area(page).getByRole('button', { name: 'New Delivery Order' }).click();
    const draft = area(page).getByRole('article', { name: 'New delivery order (not saved)' });
    await expect(draft.getByRole('textbox', { name: 'Reference number' })).toHaveValue(shipment.customer_reference_no);

    // Saving with nothing chosen highlights every missing field.
    await draft.getByRole('button', { name: 'Save', exact: true }).click();
    for (const message of [
      'Please select a trucker.',
      'Please select a warehouse.',
      'Please select at least one container.',
      'Please select at least one bill of lading.',
    ]) {
      await expect(draft.getByText(message)).toBeVisible();
    }
    await expect(draft.getByRole('combobox', { name: 'Trucker' })).toHaveAttribute('aria-invalid', 'true');
    // The first field at fault takes the focus, so that its error is read out.
    await expect(draft.getByRole('combobox', { name: 'Trucker' })).toBeFocused();
    await expect(draft.getByRole('combobox', { name: 'Warehouse' })).toHaveAttribute('aria-invalid', 'true');
    // Each list is described by its error, whether react-select has taken its place or not yet.
    await expect(draft.getByRole('combobox', { name: 'Trucker' })).toHaveAccessibleDescription(
      'Please select a trucker.',
    );
    await expect(draft.getByRole('combobox', { name: 'Warehouse' })).toHaveAccessibleDescription(
      'Please select a warehouse.',
    );
    await expect(draft.getByRole('group', { name: 'Containers' })).toHaveAttribute('data-invalid', 'true');
    await expect(draft.getByRole('group', { name: 'Bills of lading' })).toHaveAttribute('data-invalid', 'true');

    // Add New: a trucker.
    const stamp = Date.now() % 1_000_000;
    const truckerName = `Seaside Haulers ${stamp}`;
    await choose(page, draft, 'Trucker', 'Add New');
    const truckerDialog = page.getByRole('dialog', { name: 'New Trucker' });
    await expect(truckerDialog).toBeVisible();
    await truckerDialog.getByRole('button', { name: 'Create Trucker' }).click();
    await expect(truckerDialog.getByText('Cannot be empty')).toBeVisible();
    await expect(truckerDialog.getByRole('textbox', { name: 'Trucker name' })).toBeFocused();
    await truckerDialog.getByRole('textbox', { name: 'Trucker name' }).fill(truckerName);
    await truckerDialog.getByRole('textbox', { name: 'Contact 1' }).fill(`dispatch${stamp}@seaside.test`);
    await truckerDialog.getByRole('button', { name: 'Add contact' }).click();
    await truckerDialog.getByRole('textbox', { name: 'Contact 2' }).fill(`ops${stamp}@seaside.test`);
    await truckerDialog.getByRole('button', { name: 'Create Trucker' }).click();
    await expect(toast(page, 'Trucker created successfully')).toBeVisible();
    await expect(truckerDialog).toBeHidden();
    await expect(draft.getByText(truckerName, { exact: true })).toBeVisible();

    // Add New: a warehouse; Escape closes the modal, the second opening creates it.
    const warehouseName = `Newark Cross-Dock ${stamp}`;
    await choose(page, draft, 'Warehouse', 'Add New');
    const warehouseDialog = page.getByRole('dialog', { name: 'New Warehouse' });
    await expect(warehouseDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(warehouseDialog).toBeHidden();
    await choose(page, draft, 'Warehouse', 'Add New');
    await expect(warehouseDialog.getByRole('textbox', { name: 'City' })).toHaveValue('New York');
    await expect(warehouseDialog.getByRole('textbox', { name: 'ZIP' })).toHaveValue('10001');
    await warehouseDialog.getByRole('textbox', { name: 'Warehouse Name' }).fill(warehouseName);
    await warehouseDialog.getByRole('textbox', { name: 'Contact Name' }).fill('Ana Reyes');
    await warehouseDialog.getByRole('textbox', { name: 'Street Address' }).fill('120 Doremus Ave');
    await warehouseDialog.getByRole('textbox', { name: 'City' }).fill('Newark');
    await choose(page, warehouseDialog.locator('form'), 'State', 'New Jersey');
    await warehouseDialog.getByRole('textbox', { name: 'ZIP' }).fill('07105');
    await warehouseDialog.getByRole('button', { name: 'Create Warehouse' }).click();
    await expect(toast(page, 'Warehouse created successfully!')).toBeVisible();
    await expect(warehouseDialog).toBeHidden();
    await expect(draft.getByText(warehouseName, { exact: true })).toBeVisible();

    const [firstContainer] = shipment.containers;
    const [firstBill] = shipment.bill_lading;
    await draft.getByRole('checkbox', { name: firstContainer!.container_no }).check();
    await draft.getByRole('checkbox', { name: firstBill!.bill_lading }).check();
    const created = page.waitForResponse(
      (response) => response.url().endsWith(`/shipments/${shipment.id}/delivery_order`) && response.status() === 200,
    );
    await draft.getByRole('button', { name: 'Save', exact: true }).click();
    const orderId = ((await (await created).json()) as { delivery_order: { id: number } }).delivery_order.id;
    await expect(toast(page, 'Delivery order saved.')).toBeVisible();
    await expect(draft).toBeHidden();
    const order = area(page).getByRole('article', { name: `Delivery Order ${orderId}` });
    await expect(order.getByText('Awaiting approval')).toBeVisible();
    await expect(order.getByText(truckerName, { exact: true })).toBeVisible();
    // The saved order's title has the focus its Save had.
    await expect(order.getByRole('heading', { name: `Delivery Order ${orderId}` })).toBeFocused();

    // A second order now sees the first one's container as (Assigned).
    await area(page).getByRole('button', { name: 'New Delivery Order' }).click();
    await expect(draft.getByRole('checkbox', { name: `${firstContainer!.container_no} (Assigned)` })).toBeVisible();
    await draft.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(draft).toBeHidden();

    // Edit: a note, kept after a reload.
    const note = `Call 30 minutes ahead (${stamp})`;
    await order.getByRole('textbox', { name: 'Note' }).fill(note);
    await order.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Delivery order saved.').first()).toBeVisible();
    await page.reload();
    await expect(order.getByRole('textbox', { name: 'Note' })).toHaveValue(note);
    await expect(order.getByText(warehouseName, { exact: true })).toBeVisible();

    // A trucker created from the saved order's Add New is chosen, but the dialog's form does not
    // submit the order's form it sits beside: the changes wait for the order's own Save.
    const reliefName = `Relief Haulers ${stamp}`;
    await order.getByRole('textbox', { name: 'Note' }).fill(`${note} (not saved)`);
    await choose(page, order, 'Trucker', 'Add New');
    await truckerDialog.getByRole('textbox', { name: 'Trucker name' }).fill(reliefName);
    await truckerDialog.getByRole('button', { name: 'Create Trucker' }).click();
    await expect(toast(page, 'Trucker created successfully')).toBeVisible();
    await expect(truckerDialog).toBeHidden();
    await expect(order.getByText(reliefName, { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(toast(page, 'Delivery order saved.')).toHaveCount(0);
    const stored = (await getDetail(api, shipment.id)).shipment.delivery_orders.find((each) => each.id === orderId);
    expect(stored).toMatchObject({ note, trucker: { name: truckerName } });
    await order.getByRole('textbox', { name: 'Note' }).fill(note);

    // Delete, after the confirmation.
    page.once('dialog', (dialog) => void dialog.accept());
    await order.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Delivery order deleted.')).toBeVisible();
    await expect(order).toBeHidden();
    await page.reload();
    await expect(area(page).getByText('No delivery orders yet.')).toBeVisible();
  });

  test('New Trucker dialog: after the tenth CC the focus stays in the dialog and Escape still closes it', async ({
    page,
    request,
    signIn,
  }) => {
    test.setTimeout(180_000);
    const api = await apiLogin(request, USER);
    const shipment = await findOnAccount(
      api,
      ({ shipment: each }) => each.containers.length >= 1 && each.bill_lading.length >= 1,
    );
    await openShipment(page, (path) => signIn(USER, path), shipment.id, shipment.file_number);
    await area(page).getByRole('button', { name: 'New Delivery Order' }).click();
    const draft = area(page).getByRole('article', { name: 'New delivery order (not saved)' });
    await choose(page, draft, 'Trucker', 'Add New');
    const dialog = page.getByRole('dialog', { name: 'New Trucker' });
    await expect(dialog).toBeVisible();

    // Contact 1 is the trucker's own address; contacts 2 to 11 are its ten CCs, added by keyboard.
    const add = dialog.getByRole('button', { name: 'Add contact' });
    for (let contact = 2; contact <= 11; contact += 1) {
      await add.focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('textbox', { name: `Contact ${contact}`, exact: true })).toBeFocused();
    }
    await expect(add).toHaveCount(0);
    await expect(dialog.getByText('Maximum 10 emails per trucker.')).toBeVisible();
    // Removing a contact keeps the focus in the dialog too.
    await dialog.getByRole('button', { name: 'Remove contact 11' }).press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Contact 10', exact: true })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('leaving with an unsaved delivery order asks first', async ({ page, request, signIn, navigate }) => {
    test.setTimeout(180_000);
    const api = await apiLogin(request, USER);
    const shipment = await findOnAccount(
      api,
      ({ shipment: each }) => each.containers.length >= 1 && each.bill_lading.length >= 1,
    );
    await openShipment(page, (path) => signIn(USER, path), shipment.id, shipment.file_number);
    const shipmentsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipments' });

    // An order opened and left untouched is let go without a word.
    await area(page).getByRole('button', { name: 'New Delivery Order' }).click();
    await shipmentsLink.click();
    await expect(page).toHaveURL(/\/shipments$/);

    await openShipment(page, navigate, shipment.id, shipment.file_number);
    await area(page).getByRole('button', { name: 'New Delivery Order' }).click();
    const draft = area(page).getByRole('article', { name: 'New delivery order (not saved)' });
    await draft.getByRole('textbox', { name: 'Note' }).fill('Deliver to dock 4');
    const prompts = declineNextConfirm(page);
    await shipmentsLink.click();
    await expect.poll(() => prompts).toEqual(["The delivery order wasn't saved. Are you sure you want to leave?"]);
    await expect(page).toHaveURL(`/shipments/${shipment.id}`);
    await expect(draft.getByRole('textbox', { name: 'Note' })).toHaveValue('Deliver to dock 4');

    page.once('dialog', (dialog) => void dialog.accept());
    await shipmentsLink.click();
    await expect(page).toHaveURL(/\/shipments$/);
  });

  test('sends an approved order: the PDF goes to the trucker, the CCs and the delivery list', async ({
    page,
    request,
    signIn,
  }) => {
    test.setTimeout(180_000);
    const api = await apiLogin(request, USER);
    const shipment = await findOnAccount(api, ({ shipment: each }) =>
      each.delivery_orders.some(
        (order) => order.approved === 1 && order.sent_at === null && order.trucker.trucker_emails[0]?.email,
      ),
    );
    const sendable = shipment.delivery_orders.find((order) => order.approved === 1 && order.sent_at === null)!;
    const settingsReply = await request.get('/api/user/settings', {
      headers: apiHeaders(api),
    });
    const deliveryList = SettingsResponse.parse(await settingsReply.json()).user.delivery_order_mails;
    const truckerEmails = sendable.trucker.trucker_emails[0]!;

    await openShipment(page, (path) => signIn(USER, path), shipment.id, shipment.file_number);
    const order = area(page).getByRole('article', { name: `Delivery Order ${sendable.id}` });
    await expect(order.getByText('Approved', { exact: true })).toBeVisible();
    // The spec's order, Save, Delete and Send; sending is the next step of an approved order, so Send is the filled one.
    await expect(order.getByRole('button', { name: /^(Send|Save|Delete)$/ })).toHaveText(['Save', 'Delete', 'Send']);
    const fill = (name: string) =>
      order.getByRole('button', { name, exact: true }).evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(await fill('Send')).not.toBe(await fill('Save'));
    expect(await fill('Save')).toBe(await fill('Delete'));
    const before = outboxFiles();
    await order.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, TEXTS.deliveryOrderSent)).toBeVisible();
    await expect(order.getByRole('button', { name: 'Delivery order PDF' })).toBeVisible();
    const sent = (await getDetail(api, shipment.id)).shipment.delivery_orders.find((each) => each.id === sendable.id)!;
    expect(sent.sent_at).not.toBeNull();
    await expect(order.getByText(`Sent ${format(parseISO(sent.sent_at!), DATE_DISPLAY_FORMAT)}`)).toBeVisible();

    // The new e-mail to the trucker: the mail worker may write event mail of earlier tests beside it.
    const toTrucker = (file: string) => headerLine(readMail(file).headers, 'To').includes(truckerEmails.email);
    let mailFile = '';
    await expect
      .poll(() => {
        mailFile = outboxFiles().find((file) => !before.includes(file) && toTrucker(file)) ?? '';
        return mailFile;
      })
      .not.toBe('');
    const mail = readMail(mailFile);
    const to = headerLine(mail.headers, 'To');
    const cc = headerLine(mail.headers, 'Cc');
    const copies = [...truckerEmails.cc_emails, ...deliveryList.cc_emails];
    expect(deliveryList.email).not.toBe('');
    expect(copies).not.toHaveLength(0);
    expect(to).toContain(truckerEmails.email);
    expect(to).toContain(deliveryList.email);
    for (const copy of copies) expect(cc).toContain(copy);
    expect(mail.raw).toMatch(/^Content-Type: application\/pdf; name="[^"]+\.pdf"/im);
    expect(mail.raw).toMatch(/^Content-Disposition: attachment/im);
  });

  test('a shipment without a container says so before an order is started', async ({ page, request, signIn }) => {
    const api = await apiLogin(request, USER);
    const shipment = await findOnAccount(api, ({ shipment: each }) => each.containers.length === 0);
    await openShipment(page, (path) => signIn(USER, path), shipment.id, shipment.file_number);
    const newOrder = area(page).getByRole('button', { name: 'New Delivery Order' });
    await expect(newOrder).toBeDisabled();
    // The spec's text, naming the address the server's own refusal names.
    const profileReply = await request.get('/api/user/profile', { headers: apiHeaders(api) });
    const { broker_email: brokerEmail } = ProfileResponse.parse(await profileReply.json());
    await expect(newOrder).toHaveAccessibleDescription(fillText(TEXTS.missingContainer, { email: brokerEmail }));
    await expect(area(page).getByRole('article', { name: 'New delivery order (not saved)' })).toHaveCount(0);
  });
});
