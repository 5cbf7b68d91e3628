import type { Locator, Page } from '@playwright/test';
import { formatCents, type CustomsEntryLine } from '@clearport/contract/customs-entry';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import { API_PATHS } from '@clearport/contract/paths';
import { declineNextConfirm, DEMO_PASSWORD, expect, mainNavigation, submitLogin, test } from './fixtures.ts';
import { openShipment, toast } from './shipment-page.ts';
import {
  addNote,
  apiLogin,
  findShipment,
  getCustomsEntry,
  getDetail,
  samplePdf,
  uploadDocument,
} from './shipments-api.ts';
import { pager, pagerCounts, shipmentRows, tableSettled } from './shipments-table.ts';

const S = SHIPMENT_STATUSES;

const title = (page: Page) => page.getByRole('heading', { level: 1 });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Chooses files for the drop area through the file chooser it opens, as a user would. */
async function chooseFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('group', { name: 'Upload documents' }).getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(files);
}

/** Ticks or unticks a box of step 2 and waits for the server's answer. */
async function setDocumentType(step: Locator, type: string, isChecked: boolean) {
  const box = step.getByRole('checkbox', { name: type, exact: true });
  await box.setChecked(isChecked);
  await expect(step.getByRole('group', { name: 'Documents submitted' }).getByRole('list')).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await expect(box).toBeChecked({ checked: isChecked });
}

test.describe('Shipment detail', () => {
  test('a shipment in pending documents: file the ISF, upload a PDF, tick the types into pending release and back', async ({
    page,
    request,
    signIn,
  }) => {
    test.setTimeout(180_000);
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(
      api,
      S.pendingDocuments,
      ({ shipment: each }) =>
        each.isf_transaction_no === null &&
        each.types.filter((entry) => entry.required === 1 && entry.submitted === 0).length >= 2,
    );
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);

    const documentsStep = region(page, '2 Upload Documents');
    const releaseStep = region(page, '3 Shipment Released');
    const details = region(page, 'Shipment details');
    await expect(documentsStep).toContainText('Locked');
    await expect(releaseStep).toContainText('Locked');
    await expect(details.getByText('Documents Required', { exact: true })).toBeVisible();

    // Once the server has it the box gives way to the ISF number, so it is clicked, not checked:
    // check() reads the box again after the click and would wait for one that is gone.
    // Filing cannot be undone, so it asks first: declined, nothing is filed.
    const isfBox = page.getByRole('checkbox', { name: 'ISF was submitted' });
    const prompts = declineNextConfirm(page);
    await isfBox.click();
    await expect.poll(() => prompts).toEqual(['Record that you filed the ISF yourself? This cannot be undone.']);
    await expect(isfBox).not.toBeChecked();
    expect((await getDetail(api, shipment.id)).shipment.isf_transaction_no).toBeNull();
    page.once('dialog', (dialog) => void dialog.accept());
    await isfBox.click();
    await expect(region(page, '1 ISF Submitted')).toContainText('N\\A');
    await expect(documentsStep).not.toContainText('Locked');

    const fileName = `Commercial invoice ${shipment.file_number}.pdf`;
    await chooseFiles(page, [{ name: fileName, mimeType: 'application/pdf', buffer: samplePdf(shipment.file_number) }]);
    await expect(toast(page, `${fileName} uploaded.`)).toBeVisible();
    const uploads = region(page, 'Uploaded documents');
    await expect(uploads.getByRole('button', { name: fileName, exact: true })).toBeVisible();

    // The link opens the stored file, fetched with the session.
    const popup = page.waitForEvent('popup');
    const file = page.waitForResponse((response) => response.url().includes('/api/user/files/documents/'));
    await uploads.getByRole('button', { name: fileName, exact: true }).click();
    const fileResponse = await file;
    expect(fileResponse.status()).toBe(200);
    expect(fileResponse.headers()['content-type']).toBe('application/pdf');
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    // The new tab is the PDF that came back, shown by the browser.
    expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
    await tab.close();

    const missing = shipment.types.filter((entry) => entry.required === 1 && entry.submitted === 0);
    for (const [index, entry] of missing.entries()) {
      await setDocumentType(documentsStep, entry.type, true);
      if (index < missing.length - 1) {
        await expect(releaseStep).toContainText('Locked');
        await expect(details.getByText('Documents Required', { exact: true })).toBeVisible();
      }
    }
    await expect(releaseStep).toContainText('Shipment is Awaiting Release');
    await expect(details.getByText('PENDING RELEASE', { exact: true })).toBeVisible();
    expect((await getDetail(api, shipment.id)).shipment.status).toBe(S.pendingRelease);

    await setDocumentType(documentsStep, missing[0]!.type, false);
    await expect(releaseStep).toContainText('Locked');
    await expect(details.getByText('Documents Required', { exact: true })).toBeVisible();
    expect((await getDetail(api, shipment.id)).shipment.status).toBe(S.pendingDocuments);
  });

  test('invoice.Pdf is taken as a pdf, and the upload offers to mark the Commercial Invoice', async ({
    page,
    request,
    signIn,
  }) => {
    test.setTimeout(180_000);
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(
      api,
      S.pendingDocuments,
      ({ shipment: each }) =>
        each.isf_transaction_no !== null &&
        each.types.some((entry) => entry.type === 'Commercial Invoice' && entry.submitted === 0),
    );
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    const documentsStep = region(page, '2 Upload Documents');
    const invoiceBox = documentsStep.getByRole('checkbox', { name: 'Commercial Invoice', exact: true });

    await chooseFiles(page, [{ name: 'invoice.Pdf', mimeType: 'application/pdf', buffer: samplePdf('invoice') }]);
    await expect(toast(page, 'invoice.Pdf uploaded.')).toBeVisible();
    const offer = documentsStep.getByRole('group', { name: 'invoice.Pdf' });
    await expect(offer).toContainText(
      'invoice.Pdf looks like the Commercial Invoice. Mark Commercial Invoice as submitted?',
    );
    // Nothing is ticked until the user says so.
    await expect(invoiceBox).not.toBeChecked();
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    await expect(invoiceBox).not.toBeChecked();

    await chooseFiles(page, [{ name: 'Invoice 2.PDF', mimeType: 'application/pdf', buffer: samplePdf('invoice 2') }]);
    await documentsStep
      .getByRole('group', { name: 'Invoice 2.PDF' })
      .getByRole('button', { name: 'Mark as submitted' })
      .click();
    await expect(invoiceBox).toBeChecked();
    await expect(documentsStep.getByRole('group', { name: 'Invoice 2.PDF' })).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await getDetail(api, shipment.id)).shipment.types.find((entry) => entry.type === 'Commercial Invoice')
            ?.submitted,
      )
      .toBe(1);
  });

  test('an .exe renamed to .pdf is refused with the spec message', async ({ page, request, signIn }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(
      api,
      S.pendingDocuments,
      ({ shipment: each }) => each.isf_transaction_no !== null,
    );
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    const before = (await getDetail(api, shipment.id)).shipment.documents.length;

    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);
    await chooseFiles(page, [{ name: 'setup.pdf', mimeType: 'application/pdf', buffer: executable }]);
    await expect(
      region(page, '2 Upload Documents').getByText(
        "Couldn't upload setup.pdf - File type should be pdf, excel or png.",
        {
          exact: true,
        },
      ),
    ).toBeVisible();
    await expect(
      region(page, 'Uploaded documents').getByRole('button', { name: 'setup.pdf', exact: true }),
    ).toHaveCount(0);
    expect((await getDetail(api, shipment.id)).shipment.documents).toHaveLength(before);
  });

  test('deletes a document', async ({ page, request, signIn }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(api, S.submitted, ({ shipment: each }) => each.isf_transaction_no !== null);
    const name = `Packing list ${Date.now()}.pdf`;
    const { document } = await uploadDocument(api, shipment.id, {
      name,
      mimeType: 'application/pdf',
      buffer: samplePdf(name),
    });
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);

    const uploads = region(page, 'Uploaded documents');
    await expect(uploads.getByRole('button', { name, exact: true })).toBeVisible();
    // Deleting asks first: declined, the document stays.
    const prompts = declineNextConfirm(page);
    await uploads.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await expect.poll(() => prompts).toEqual([`Delete ${name}? This cannot be undone.`]);
    await expect(uploads.getByRole('button', { name, exact: true })).toBeVisible();
    expect((await getDetail(api, shipment.id)).shipment.documents.map((each) => each.path)).toContain(document.path);

    page.once('dialog', (dialog) => void dialog.accept());
    await uploads.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await expect(toast(page, 'Document deleted successfully.')).toBeVisible();
    await expect(uploads.getByRole('button', { name, exact: true })).toHaveCount(0);
    const remaining = (await getDetail(api, shipment.id)).shipment.documents.map((each) => each.path);
    expect(remaining).not.toContain(document.path);
  });

  test('liquidated, accepted and admissible entries (Other) show step 3 complete', async ({
    page,
    request,
    signIn,
    navigate,
  }) => {
    test.setTimeout(180_000);
    const api = await apiLogin(request, 'primary@demo.test');
    await signIn('primary@demo.test');
    for (const status of [S.liquidated, S.accepted, S.admissible]) {
      const shipment = await findShipment(api, status, ({ shipment: each }) => each.isf_transaction_no !== null);
      await openShipment(page, navigate, shipment.id, shipment.file_number);
      const release = region(page, '3 Shipment Released');
      await expect(release).toContainText('Complete');
      await expect(release).not.toContainText('In progress');
      await expect(release).toContainText('Other');
    }
  });

  test('adds a note', async ({ page, request, signIn }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(api, S.released, () => true, 0);
    // More than its box holds: it opens at the newest.
    const earlier = Array.from({ length: 8 }, (_, index) => `Earlier note ${index + 1} (${Date.now()})`);
    for (const note of earlier) await addNote(api, shipment.id, note);
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);

    const notes = region(page, 'Notes');
    await notes.getByRole('heading', { name: 'Notes' }).scrollIntoViewIfNeeded();
    await expect(notes.getByText(earlier.at(-1)!)).toBeInViewport();
    await expect(notes.getByText(earlier[0]!)).not.toBeInViewport();
    const submit = notes.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    const text = `Please call before delivery (${Date.now()})`;
    await notes.getByRole('textbox', { name: 'Add a note' }).fill(text);
    await submit.click();
    await expect(toast(page, 'Note successfully submitted.')).toBeVisible();
    await expect(notes.getByRole('listitem').filter({ hasText: text })).toContainText('Maria Delgado');
    await expect(notes.getByText(text)).toBeInViewport();
    await expect(notes.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
    // Submit is disabled again with the box empty: the focus went back to the box, not to the page's start.
    await expect(notes.getByRole('textbox', { name: 'Add a note' })).toBeFocused();

    await page.reload();
    await expect(region(page, 'Notes').getByText(text)).toBeVisible();
  });

  test('keeps a note typed when the session ends elsewhere, and submits it after a sign-in in another tab', async ({
    page,
    request,
    signIn,
  }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(api, S.released, () => true, 1);
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    const notes = region(page, 'Notes');
    const box = notes.getByRole('textbox', { name: 'Add a note' });
    const text = `Gate code 4471, ask for Luis (${Date.now()})`;
    await box.fill(text);

    // Signed out from another device meanwhile: the server ends the session.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')!.value;
    const ended = await page.request.post(`/api${API_PATHS.logout}`, {
      headers: { authorization: `Bearer ${decodeURIComponent(token)}` },
    });
    expect(ended.ok()).toBe(true);

    await notes.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'You have been signed out' });
    await expect(dialog).toContainText('What you typed is still on this page, not saved.');
    await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}$`));
    await expect(box).toHaveValue(text);

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Sign in in a new tab' }).click(),
    ]);
    await submitLogin(tab, 'primary@demo.test', DEMO_PASSWORD);
    await expect(mainNavigation(tab)).toBeVisible();
    await tab.close();
    await page.bringToFront();
    await expect(toast(page, 'You are signed in again. Save what you typed when you are ready.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await notes.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Note successfully submitted.')).toBeVisible();
    await expect(notes.getByRole('listitem').filter({ hasText: text })).toContainText('Maria Delgado');
  });

  test('saves a reference number, and asks before leaving with an unsaved one', async ({ page, request, signIn }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(api, S.released, () => true, 1);
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);

    // The shipment's own, not a delivery order's of the same name.
    const details = region(page, 'Shipment details');
    const reference = details.getByRole('textbox', { name: 'Reference number' });
    const save = details.getByRole('button', { name: 'Save', exact: true });
    await reference.fill('');
    await expect(save).toBeDisabled();
    const saved = `PO-${Date.now() % 1_000_000}`;
    await reference.fill(saved);
    await save.click();
    await expect(toast(page, 'Reference number saved.')).toBeVisible();
    // While it saved, Save refused clicks but kept the focus.
    await expect(save).toBeFocused();
    expect((await getDetail(api, shipment.id)).shipment.customer_reference_no).toBe(saved);

    await reference.fill(`${saved}-B`);
    const shipmentsLink = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shipments' });
    const questions = declineNextConfirm(page);
    await shipmentsLink.click();
    await expect.poll(() => questions).toEqual(["The reference number wasn't saved. Are you sure you want to leave?"]);
    await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}$`));
    await expect(reference).toHaveValue(`${saved}-B`);

    page.once('dialog', (dialog) => void dialog.accept());
    await shipmentsLink.click();
    await expect(page).toHaveURL(/\/shipments$/);
    expect((await getDetail(api, shipment.id)).shipment.customer_reference_no).toBe(saved);
  });

  test('toggles 7501 reviewed', async ({ page, request, signIn }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(api, S.released, ({ shipment: each }) => each.path_to_7501 !== null);
    const wasReviewed = (await getDetail(api, shipment.id))['7501_reviewed'] === 1;
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);

    const toggle = page.getByRole('switch', { name: '7501 reviewed' });
    await expect(toggle).toBeChecked({ checked: wasReviewed });
    await toggle.click();
    await expect(toggle).toBeChecked({ checked: !wasReviewed });
    await expect.poll(async () => (await getDetail(api, shipment.id))['7501_reviewed']).toBe(wasReviewed ? 0 : 1);
    await page.reload();
    await expect(page.getByRole('switch', { name: '7501 reviewed' })).toBeChecked({ checked: !wasReviewed });

    await page.getByRole('switch', { name: '7501 reviewed' }).click();
    await expect(page.getByRole('switch', { name: '7501 reviewed' })).toBeChecked({ checked: wasReviewed });
    await expect.poll(async () => (await getDetail(api, shipment.id))['7501_reviewed']).toBe(wasReviewed ? 1 : 0);

    // The 7501 itself opens from the file links.
    const file = page.waitForResponse((response) => response.url().includes(`/api/user/files/`));
    const popup = page.waitForEvent('popup');
    await region(page, 'Files').getByRole('button').first().click();
    expect((await file).status()).toBe(200);
    await (await popup).close();
  });

  test('Skip Delivery Order is kept by the server', async ({ page, request, signIn }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(
      api,
      S.pendingRelease,
      ({ shipment: each }) => each.delivery_orders.length === 0 && each.ignored_shipment === 0,
    );
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);

    const skip = region(page, 'Delivery orders').getByRole('checkbox', { name: 'Skip Delivery Order' });
    await expect(region(page, 'Delivery orders').getByRole('button', { name: 'New Delivery Order' })).toBeVisible();
    await skip.check();
    await expect(toast(page, 'Shipment ignore status updated successfully!')).toBeVisible();
    await expect.poll(async () => (await getDetail(api, shipment.id)).shipment.ignored_shipment).toBe(1);
    await skip.uncheck();
    await expect.poll(async () => (await getDetail(api, shipment.id)).shipment.ignored_shipment).toBe(0);
    await expect(skip).not.toBeChecked();
  });

  test('steps through previous and next from a filtered list, wrapping at both ends', async ({ page, signIn }) => {
    test.setTimeout(240_000);
    await signIn('primary@demo.test', '/shipments?filter=under-cbp-exam');
    await tableSettled(page);
    const entries = await shipmentRows(page).getByRole('link').allInnerTexts();
    expect(entries.length).toBeGreaterThanOrEqual(3);

    await shipmentRows(page).first().getByRole('link').click();
    await expect(title(page)).toHaveText(`Shipment # ${entries[0]}`);
    const position = page.getByText(new RegExp(`^\\d+ of ${entries.length}$`));
    const start = Number((await position.innerText()).split(' ')[0]);

    // Next all the way round: each shipment of the list once, through the end back to the start.
    const seen: string[] = [];
    let expected = start;
    for (let step = 0; step < entries.length; step += 1) {
      const before = await title(page).innerText();
      await page.getByRole('button', { name: 'Next shipment' }).click();
      await expect(title(page)).not.toHaveText(before);
      await expect(title(page)).toHaveText(/^Shipment # /);
      expected = (expected % entries.length) + 1;
      await expect(position).toHaveText(`${expected} of ${entries.length}`);
      seen.push((await title(page).innerText()).replace('Shipment # ', ''));
    }
    expect(seen.at(-1)).toBe(entries[0]);
    expect([...seen].sort()).toEqual([...entries].sort());

    // Previous from the first goes to the last.
    while (Number((await position.innerText()).split(' ')[0]) !== 1) {
      const before = await title(page).innerText();
      await page.getByRole('button', { name: 'Previous shipment' }).click();
      await expect(title(page)).not.toHaveText(before);
    }
    await page.getByRole('button', { name: 'Previous shipment' }).click();
    await expect(position).toHaveText(`${entries.length} of ${entries.length}`);

    // The address was replaced each time: Back returns to the filtered list.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/shipments\?filter=under-cbp-exam$/);
    await tableSettled(page);
    await expect(shipmentRows(page).getByRole('link')).toHaveText(entries);
  });

  test('next on the last row of a page goes on to the first of the next page, in the list’s order', async ({
    page,
    signIn,
  }) => {
    await signIn('primary@demo.test', '/shipments');
    await tableSettled(page);
    const { total } = await pagerCounts(page);
    // The second page's first row, as the list shows it after Next.
    await pager(page).getByRole('button', { name: 'Next', exact: true }).click();
    await expect(pager(page).getByText(`${Math.min(80, total)}/${total}`)).toBeVisible();
    await tableSettled(page);
    const secondPageFirst = await shipmentRows(page).first().getByRole('link').innerText();
    await pager(page).getByRole('button', { name: 'Previous', exact: true }).click();
    await expect(pager(page).getByText(`40/${total}`)).toBeVisible();
    await tableSettled(page);

    await shipmentRows(page).last().getByRole('link').click();
    await expect(page.getByText(`40 of ${total}`)).toBeVisible();
    await page.getByRole('button', { name: 'Next shipment' }).click();
    await expect(title(page)).toHaveText(`Shipment # ${secondPageFirst}`);
    await expect(page.getByText(`41 of ${total}`)).toBeVisible();
    await page.getByRole('button', { name: 'Previous shipment' }).click();
    await expect(page.getByText(`40 of ${total}`)).toBeVisible();
  });

  test('viewer@demo.test sees the read-only view', async ({ page, request, signIn }) => {
    // One of the viewer's shipments with a 7501 and a delivery order, which only the primary user is sent.
    const primary = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(
      await apiLogin(request, 'viewer@demo.test'),
      S.released,
      async ({ shipment: each }) => {
        const full = (await getDetail(primary, each.id)).shipment;
        return full.path_to_7501 !== null && full.delivery_orders.length > 0;
      },
    );
    await openShipment(page, (path) => signIn('viewer@demo.test', path), shipment.id, shipment.file_number);

    await expect(region(page, 'Progress').getByRole('heading', { level: 3 })).toHaveText(['1 ISF Submitted']);
    await expect(region(page, 'Shipment details')).toBeVisible();
    await expect(
      region(page, 'Shipment details').getByText(shipment.customer_reference_no, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    for (const name of ['Delivery orders', 'Notes', 'Files', '2 Upload Documents', '3 Shipment Released']) {
      await expect(region(page, name)).toHaveCount(0);
    }
    for (const name of ['Save', 'New Delivery Order', 'Submit']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }

    // The same shipment shows all of it to a primary user.
    await page.context().clearCookies();
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    await expect(region(page, 'Progress').getByRole('heading', { level: 3 })).toHaveCount(3);
    for (const name of ['Delivery orders', 'Notes', 'Files']) await expect(region(page, name)).toBeVisible();
    await expect(page.getByRole('switch', { name: '7501 reviewed' })).toBeVisible();
  });
});

test.describe('Customs entry', () => {
  test('shows a released entry’s dates, totals, holds and lines; Shipments Info sees it without money', async ({
    page,
    request,
    signIn,
  }) => {
    const api = await apiLogin(request, 'viewer@demo.test');
    const shipment = await findShipment(api, S.released, () => true);
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    const panel = region(page, 'Customs entry');
    await expect(panel.getByText('Entry number', { exact: true })).toBeVisible();
    await expect(panel.getByText(shipment.file_number, { exact: true })).toBeVisible();
    await expect(panel.getByText('Total due', { exact: true })).toBeVisible();
    await expect(panel.getByText('CBP', { exact: true })).toBeVisible();
    const table = panel.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Duty', exact: true })).toBeVisible();
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^\d{4}\.\d{2}\.\d{4}$/);

    await page.context().clearCookies();
    await openShipment(page, (path) => signIn('viewer@demo.test', path), shipment.id, shipment.file_number);
    const readOnly = region(page, 'Customs entry');
    await expect(readOnly.getByRole('table')).toBeVisible();
    await expect(readOnly.getByText('Total due', { exact: true })).toHaveCount(0);
    await expect(readOnly.getByRole('columnheader', { name: 'Duty', exact: true })).toHaveCount(0);
  });
});

test.describe('Customs entry, Section 301', () => {
  test('a line of goods a Section 301 list names shows its Section 301 part under its duty, also on a phone', async ({
    page,
    request,
    signIn,
  }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    let row = -1;
    let line: CustomsEntryLine | undefined;
    // A line with a base rate besides its Section 301 part: the two amounts differ.
    const shipment = await findShipment(api, S.released, async ({ shipment: each }) => {
      const { lines } = await getCustomsEntry(api, each.id);
      row = lines.findIndex(
        (one) => one.section_301_duty_cents !== null && one.duty_cents! > one.section_301_duty_cents,
      );
      line = lines[row];
      return line !== undefined;
    });
    const duty = formatCents(line!.duty_cents!);
    const part = `Section 301: ${formatCents(line!.section_301_duty_cents!)}`;
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    const table = region(page, 'Customs entry').getByRole('table');
    const cells = table
      .getByRole('row')
      .nth(row + 1)
      .getByRole('cell');
    await expect(cells.nth(5)).toHaveText(line!.duty_rate);
    await expect(cells.nth(6)).toHaveText(`${duty}${part}`);
    await expect(cells.nth(6).getByText(part, { exact: true })).toBeVisible();
    await expect(cells.nth(7)).toContainText('Section 301');
    // Among the totals, under Duty: the parts of all its lines (the demo's entries fit on one page).
    const { entry, lines } = await getCustomsEntry(api, shipment.id);
    expect(lines.length).toBe(entry!.line_count);
    const parts = lines.reduce((sum, one) => sum + (one.section_301_duty_cents ?? 0), 0);
    const total = region(page, 'Customs entry')
      .locator('dt', { hasText: /^Section 301 duty$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(total).toHaveText(formatCents(parts));

    // On a phone the line is a card, its duty and part beside the Duty label, within the card.
    await page.setViewportSize({ width: 390, height: 844 });
    const scroller = region(page, 'Customs entry').getByRole('region', { name: /^Lines/ });
    const partBox = (await cells.nth(6).getByText(part, { exact: true }).boundingBox())!;
    const scrollerBox = (await scroller.boundingBox())!;
    expect(partBox.x + partBox.width).toBeLessThanOrEqual(scrollerBox.x + scrollerBox.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('Shipment detail, in Tokyo', () => {
  const ZONE = 'Asia/Tokyo';
  test.use({ timezoneId: ZONE });

  test('shows when the ISF was submitted in the user’s zone', async ({ page, request, signIn }) => {
    const api = await apiLogin(request, 'primary@demo.test');
    const shipment = await findShipment(
      api,
      S.released,
      ({ shipment: each }) => !each.isf_submit_date.startsWith('0000'),
    );
    // The server sends the instant in UTC; the user reads it on their own clock.
    const instant = new Date(`${shipment.isf_submit_date.replace(' ', 'T')}Z`);
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    })
      .format(instant)
      .replace(',', '')
      // ICU puts a narrow no-break space before AM/PM.
      .replace(/\s/g, ' ');
    await openShipment(page, (path) => signIn('primary@demo.test', path), shipment.id, shipment.file_number);
    await expect(region(page, '1 ISF Submitted')).toContainText(local);
  });
});
