import { describe, expect, it } from 'vitest';
import { ENTRY_APPROVAL_TEXTS, type CustomsEntryResponse, type EntryApproval } from '@clearport/contract/customs-entry';
import { BROKER_API_BASE, BROKER_API_PATHS, type BrokerEvent } from '@clearport/contract/ingestion';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, injectAs, loginDemoUsers, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf, newBrokerKey } from '../../../test/broker-api.ts';
import { samplePdf } from '../../../test/sample-files.ts';

/**
 * The duty-threshold confirmation of the 7501 (decision 0026): the company's rule holds an
 * entry's 7501 for approval, a user approves it or queries it, and the broker hears of it.
 */

const t = testAppForFile();
const broker = brokerApiOf(t);

/** Demo Imports' shipments with a current entry and a 7501 not reviewed yet, lowest id first. */
async function shipmentsWith7501() {
  return t.app.db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .innerJoin('companies', 'companies.id', 'accounts.company_id')
    .innerJoin('customs_entries', 'customs_entries.shipment_id', 'shipments.id')
    .select([
      'shipments.id',
      'shipments.file_number',
      'shipments.path_to_7501',
      'customs_entries.duty_cents',
      'companies.id as company_id',
    ])
    .where('companies.name', '=', 'Demo Imports LLC')
    .where('shipments.path_to_7501', 'is not', null)
    .where('shipments.reviewed_7501', '=', false)
    .orderBy('shipments.id')
    .execute();
}

async function setRule(companyId: number, mode: 'none' | 'all' | 'above', thresholdCents: number | null = null) {
  await t.app.db
    .updateTable('companies')
    .set({ entry_approval: mode, entry_approval_threshold_cents: thresholdCents })
    .where('id', '=', companyId)
    .execute();
}

async function approvalOf(token: string, shipmentId: number): Promise<EntryApproval> {
  const response = await injectAs(t.app, token, {
    method: 'GET',
    url: apiUrl(API_PATHS.customsEntry, { id: shipmentId }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CustomsEntryResponse>().entry!.approval;
}

const decide = (token: string, shipmentId: number, how: 'approve' | 'query', body: Record<string, unknown>) =>
  injectAs(t.app, token, {
    method: 'POST',
    url: apiUrl(how === 'approve' ? API_PATHS.approveEntry : API_PATHS.queryEntry, { id: shipmentId }),
    payload: body,
  });

/** How long the feed may hold an event back before the test is a hang (see feedEvent). */
const HANG_MS = 240_000;

/**
 * The event, once the feed hands it out, read page after page as the broker does. On a
 * PostgreSQL server shared with other test files, their transactions hold the feed back a while
 * (decision 0018).
 */
async function feedEvent(type: string, fileNumber: string): Promise<BrokerEvent> {
  const key = (await newBrokerKey(t.app.db, 'Feed reader', ['events'])).key;
  let after: string | null = null;
  for (const end = Date.now() + HANG_MS; Date.now() < end;) {
    const query: string = after === null ? '' : `&after=${after}`;
    const response = await injectAs(t.app, key, {
      method: 'GET',
      url: `${BROKER_API_BASE}${BROKER_API_PATHS.events}?limit=1000${query}`,
    });
    const page = response.json<{ events: BrokerEvent[]; next: string | null }>();
    const found = page.events.find((each) => each.type === type && each.file_number === fileNumber);
    if (found) return found;
    if (page.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    after = page.next;
  }
  throw new Error(`the feed never gave ${type} of ${fileNumber}`);
}

describe('the 7501 approval above a duty threshold', { timeout: 2 * HANG_MS }, () => {
  it('holds a 7501 whose duty is above the threshold, not one below or at it, and every one under “all”', async () => {
    const tokens = await loginDemoUsers(t.app);
    const [shipment] = (await shipmentsWith7501()).filter((each) => each.duty_cents > 100);
    await setRule(shipment!.company_id, 'none');
    expect((await approvalOf(tokens.primary, shipment!.id)).state).toBe('not_needed');
    await setRule(shipment!.company_id, 'above', shipment!.duty_cents - 1);
    expect((await approvalOf(tokens.primary, shipment!.id)).state).toBe('awaiting');
    await setRule(shipment!.company_id, 'above', shipment!.duty_cents);
    expect((await approvalOf(tokens.primary, shipment!.id)).state).toBe('not_needed');
    await setRule(shipment!.company_id, 'above', shipment!.duty_cents + 1);
    expect((await approvalOf(tokens.primary, shipment!.id)).state).toBe('not_needed');
    await setRule(shipment!.company_id, 'all');
    expect((await approvalOf(tokens.primary, shipment!.id)).state).toBe('awaiting');
    await setRule(shipment!.company_id, 'none');
  });

  it('approves the 7501 the user reviewed once, tells the broker, and refuses a decision on a replaced one', async () => {
    const tokens = await loginDemoUsers(t.app);
    const [shipment] = await shipmentsWith7501();
    await setRule(shipment!.company_id, 'all');
    const path = shipment!.path_to_7501!;

    const stale = await decide(tokens.primary, shipment!.id, 'approve', { path_to_7501: 'entry-summaries/old.pdf' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: ENTRY_APPROVAL_TEXTS.replaced });

    const approved = await decide(tokens.primary, shipment!.id, 'approve', { path_to_7501: path });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval).toMatchObject({
      state: 'approved',
      path_to_7501: path,
      decided_by: expect.any(String),
    });
    expect((await approvalOf(tokens.primary, shipment!.id)).state).toBe('approved');
    const again = await decide(tokens.primary, shipment!.id, 'approve', { path_to_7501: path });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ENTRY_APPROVAL_TEXTS.notAwaiting });

    const event = await feedEvent('entry.approved', shipment!.file_number);
    expect(event).toMatchObject({
      user_email: 'primary@demo.test',
      detail: { entry_number: shipment!.file_number, path_to_7501: path, duty_cents: shipment!.duty_cents },
    });

    // The broker sends another 7501: it awaits a decision again, and one on the old 7501 is refused.
    const replaced = await broker.results<{ outcome: string; reason?: string }>([
      {
        kind: 'entry_summary',
        file_number: shipment!.file_number,
        file: { name: '7501.pdf', content_base64: samplePdf(3_000).toString('base64') },
      },
    ]);
    expect(replaced[0]!.outcome, replaced[0]!.reason).toBe('updated');
    expect((await approvalOf(tokens.primary, shipment!.id)).state).toBe('awaiting');
    expect((await decide(tokens.primary, shipment!.id, 'approve', { path_to_7501: path })).json()).toEqual({
      message: ENTRY_APPROVAL_TEXTS.replaced,
    });
    await setRule(shipment!.company_id, 'none');
  });

  it('queries a 7501 with a comment, which the broker reads with the user', async () => {
    const tokens = await loginDemoUsers(t.app);
    const [, shipment] = await shipmentsWith7501();
    await setRule(shipment!.company_id, 'all');
    const path = shipment!.path_to_7501!;
    const empty = await decide(tokens.manager, shipment!.id, 'query', { path_to_7501: path, comment: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'comment', message: 'comment: say what to query' });

    const queried = await decide(tokens.primary, shipment!.id, 'query', {
      path_to_7501: path,
      comment: 'Line 2 should be 9403.60.8081, not 9403.60.9081.',
    });
    expect(queried.statusCode, queried.body).toBe(200);
    expect(queried.json().approval).toMatchObject({
      state: 'queried',
      comment: 'Line 2 should be 9403.60.8081, not 9403.60.9081.',
    });
    const event = await feedEvent('entry.queried', shipment!.file_number);
    expect(event.detail).toMatchObject({ comment: 'Line 2 should be 9403.60.8081, not 9403.60.9081.' });
    await setRule(shipment!.company_id, 'none');
  });

  it('has the primary user and managers set the rule, naming a missing threshold, and refuses the others', async () => {
    const tokens = await loginDemoUsers(t.app);
    const url = apiUrl(API_PATHS.entryApprovalRule);
    const put = (token: string, payload: object) => injectAs(t.app, token, { method: 'PUT', url, payload });
    const set = await put(tokens.manager, { mode: 'above', threshold: '2000.00' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ rule: { mode: 'above', threshold: '2000.00' }, can_change: true });
    expect((await injectAs(t.app, tokens.primary, { method: 'GET', url })).json()).toEqual({
      rule: { mode: 'above', threshold: '2000.00' },
      can_change: true,
    });
    expect((await injectAs(t.app, tokens.user, { method: 'GET', url })).json().can_change).toBe(false);
    expect((await injectAs(t.app, tokens.other, { method: 'GET', url })).json().rule).toEqual({
      mode: 'none',
      threshold: null,
    });

    const missing = await put(tokens.primary, { mode: 'above', threshold: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      field: 'threshold',
      message: 'threshold: needed to approve only entries above an amount',
    });
    const malformed = await put(tokens.primary, { mode: 'above', threshold: '1e9' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('threshold: must be an amount in dollars, like 2000 or 2000.00');
    expect((await put(tokens.user, { mode: 'all', threshold: null })).statusCode).toBe(403);
    expect((await put(tokens.viewer, { mode: 'all', threshold: null })).statusCode).toBe(403);
    const stored = await t.app.db
      .selectFrom('companies')
      .select(['entry_approval', 'entry_approval_threshold_cents'])
      .where('name', '=', 'Demo Imports LLC')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ entry_approval: 'above', entry_approval_threshold_cents: 200_000 });
    expect((await put(tokens.primary, { mode: 'none', threshold: null })).statusCode).toBe(200);
  });

  it('lets neither the read-only role nor another company decide', async () => {
    const tokens = await loginDemoUsers(t.app);
    const [, , shipment] = await shipmentsWith7501();
    await setRule(shipment!.company_id, 'all');
    const body = { path_to_7501: shipment!.path_to_7501 };
    expect((await decide(tokens.viewer, shipment!.id, 'approve', body)).statusCode).toBe(403);
    expect((await decide(tokens.other, shipment!.id, 'approve', body)).statusCode).toBe(404);
    expect((await approvalOf(tokens.primary, shipment!.id)).state).toBe('awaiting');
    await setRule(shipment!.company_id, 'none');
  });
});
