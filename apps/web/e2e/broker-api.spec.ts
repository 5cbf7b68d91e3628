import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROKER_API_BASE, BROKER_API_PATHS, type EventsResponse } from '@clearport/contract/ingestion';
import { SHIPMENT_STATUSES, statusDisplay } from '@clearport/contract/statuses';
import { expect, submitLogin, test } from './fixtures.ts';
import { basePort, startPortalServer, type PortalServer } from './portal-server.ts';
import { samplePdf } from './shipments-api.ts';

/*
 * The brokerage's side end to end, on a portal of its own (no demo data): the broker's command
 * imports a new company from an NDJSON file, its primary user sets a password from the e-mail and
 * works, the broker's system reads the change feed and moves the shipment on, and the link of the
 * e-mail that follows opens the shipment after a login.
 */

const brokerScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/dist/cli/broker.js');
const FILE_NUMBER = 'NEW-000123';
const EMAIL = 'owner@newco.test';
const PASSWORD = 'a-new-company-password';

let portal: PortalServer;
let apiKey = '';
let importSummary = '';
let folder: string;

// Playwright reads a hook's fixtures from its first parameter's pattern: this one needs none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, workerInfo) => {
  // Two runs of the broker's command, the first of which builds the database, then a server start:
  // about 18 s of CPU, which a loaded machine stretches well past the time a hook gets by default.
  test.setTimeout(600_000);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clearport-broker-e2e-'));
  const records = [
    { kind: 'company', company_id: 'NEWCO', name: 'New Company Imports', primary_contact: 'Olive Owner' },
    { kind: 'account', account_no: '70070', company_id: 'NEWCO', name: 'New Company East', document_tracking: true },
    { kind: 'primary_user', company_id: 'NEWCO', email: EMAIL, name: 'Olive Owner' },
    {
      kind: 'shipment',
      file_number: FILE_NUMBER,
      account_no: '70070',
      status: 'pending documents',
      isf_transaction_no: 'ISF-NEW-1',
      customer_reference_no: 'PO-NEW-1',
      origin: 'Ningbo',
      vessel_name: 'CMA CGM Rivoli',
    },
    { kind: 'required_document_type', file_number: FILE_NUMBER, type: 'Commercial Invoice' },
  ];
  const file = path.join(folder, 'new-company.ndjson');
  fs.writeFileSync(file, records.map((record) => JSON.stringify(record)).join('\n') + '\n');
  // The broker's command opens the embedded database alone: it runs before the server starts.
  portal = await startPortalServer(basePort() + 40 + workerInfo.parallelIndex, 300_000, {
    prepare(env, url) {
      // Event mail within a second, with links to this server.
      Object.assign(env, { MAIL_GATHER_SECONDS: '1', MAIL_POLL_MS: '200', PUBLIC_URL: url });
      const broker = (...args: string[]) =>
        execFileSync(process.execPath, [brokerScript, ...args], { env: { ...env, PUBLIC_URL: url }, encoding: 'utf8' });
      apiKey = broker('api-keys', 'create', 'Customs system').trim().split('\n').at(-1)!;
      importSummary = broker('import', file);
    },
  });
});

test.afterAll(async () => {
  await portal?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const brokerUrl = (relative: string) => `${portal.url}${BROKER_API_BASE}${relative}`;

test('a company imported by the broker works in the portal, and the broker follows what it does', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  expect(importSummary).toContain('created 5, updated 0, unchanged 0, refused 0');

  // The primary user's e-mail: a link to choose a password. The company's lists go to them until
  // it sets its own, so the documents its shipment needs were asked of them too.
  const outbox = path.join(portal.dataDir, 'outbox');
  const outboxTexts = () =>
    fs
      .readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      // Named by the time they were written.
      .sort()
      .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''));
  const setPasswordMails = outboxTexts().filter((text) => text.includes('/reset-password/'));
  expect(setPasswordMails).toHaveLength(1);
  const mail = setPasswordMails[0]!;
  expect(mail).toContain(`To: ${EMAIL}`);
  const link = /(http:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail)![1]!;
  expect(link.startsWith(portal.url)).toBe(true);

  await page.goto(link);
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  await page.goto(`${portal.url}/login`);
  await submitLogin(page, EMAIL, PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`${portal.url}/shipments`);
  const row = page.getByRole('row').filter({ hasText: FILE_NUMBER });
  await expect(row).toContainText(statusDisplay(SHIPMENT_STATUSES.pendingDocuments));
  await row.getByRole('link', { name: FILE_NUMBER }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Shipment # ${FILE_NUMBER}`);

  const pdf = samplePdf('Commercial invoice of New Company Imports');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('group', { name: 'Upload documents' }).getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles([{ name: 'commercial-invoice.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await expect(
    page
      .getByRole('region', { name: 'Uploaded documents' })
      .getByRole('button', { name: 'commercial-invoice.pdf', exact: true }),
  ).toBeVisible();

  // The broker's system polls the change feed and downloads what was uploaded.
  const headers = { authorization: `Bearer ${apiKey}` };
  let upload: EventsResponse['events'][number] | undefined;
  await expect(async () => {
    const feed = await request.get(brokerUrl(BROKER_API_PATHS.events), { headers });
    expect(feed.status()).toBe(200);
    const { events } = (await feed.json()) as EventsResponse;
    upload = events.find((event) => event.type === 'document.uploaded');
    expect(upload).toBeDefined();
  }).toPass({ timeout: 10_000 });
  expect(upload).toMatchObject({ file_number: FILE_NUMBER, company_id: 'NEWCO', user_email: EMAIL });
  const file = await request.get(`${portal.url}${upload!.file_url!}`, { headers });
  expect(file.status()).toBe(200);
  expect(Buffer.compare(await file.body(), pdf)).toBe(0);

  // The broker releases the shipment; the customer sees it.
  const shipmentRecord = {
    kind: 'shipment',
    file_number: FILE_NUMBER,
    account_no: '70070',
    customer_reference_no: 'PO-NEW-1',
    origin: 'Ningbo',
    vessel_name: 'CMA CGM Rivoli',
  };
  const release = await request.post(brokerUrl(BROKER_API_PATHS.records), {
    headers,
    data: { records: [{ ...shipmentRecord, status: 'released' }] },
  });
  expect(((await release.json()) as { results: { outcome: string }[] }).results[0]!.outcome).toBe('updated');
  await page.goto(`${portal.url}/shipments`);
  await expect(page.getByRole('row').filter({ hasText: FILE_NUMBER })).toContainText(
    statusDisplay(SHIPMENT_STATUSES.released),
  );

  // The documents list goes to the primary user, as the settings show; the broker asks for documents again.
  await page.goto(`${portal.url}/settings`);
  await expect(
    page
      .getByRole('group', { name: 'Documents e-mails', exact: true })
      .getByRole('textbox', { name: 'Documents recipient' }),
  ).toHaveValue(EMAIL);
  const documentMails = outboxTexts().filter((text) => text.includes('Subject: Documents required for entry')).length;
  const again = await request.post(brokerUrl(BROKER_API_PATHS.records), {
    headers,
    data: { records: [{ ...shipmentRecord, status: 'pending documents' }] },
  });
  expect(((await again.json()) as { results: { outcome: string }[] }).results[0]!.outcome).toBe('updated');

  // Its link, opened signed out, leads through the login to the shipment.
  let deepLink = '';
  await expect(() => {
    const mailTexts = outboxTexts().filter((text) =>
      text.includes(`Subject: Documents required for entry ${FILE_NUMBER}`),
    );
    expect(mailTexts.length).toBeGreaterThan(documentMails);
    deepLink = /(http:\/\/\S+\/shipments\/\d+)/.exec(mailTexts.at(-1)!)![1]!;
  }).toPass({ timeout: 15_000 });
  await page.context().clearCookies();
  await page.goto(deepLink);
  await expect(page).toHaveURL(/\/login\?next=/);
  await submitLogin(page, EMAIL, PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Shipment # ${FILE_NUMBER}`);
  expect(new URL(page.url()).pathname).toBe(new URL(deepLink).pathname);
});
