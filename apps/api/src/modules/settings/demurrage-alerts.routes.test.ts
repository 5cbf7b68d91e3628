import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import {
  CC_LIST_FULL,
  DEMURRAGE_ALERTS_TEXTS,
  type DemurrageAlertsResponse,
  type SettingsResponse,
} from '@clearport/contract/settings';
import { apiUrl, injectAs, loginDemoUsers, testAppForFile } from '../../../test/build-app.ts';

/** The "Demurrage and detention" list beside the spec's four (docs/decisions/0031-demurrage-reminders.md). */

const t = testAppForFile();
const url = apiUrl(API_PATHS.demurrageAlerts);
const ccs = (count: number) => Array.from({ length: count }, (_, index) => `cc${index}@demo.test`);

describe('the demurrage and detention list', () => {
  it("is the delivery list's until the company sets it, then its own; the spec's settings keep their shape", async () => {
    const tokens = await loginDemoUsers(t.app);
    const settings = (
      await injectAs(t.app, tokens.primary, { method: 'GET', url: apiUrl(API_PATHS.settings) })
    ).json<SettingsResponse>();
    const before = await injectAs(t.app, tokens.manager, { method: 'GET', url });
    expect(before.statusCode).toBe(200);
    expect(before.json<DemurrageAlertsResponse>()).toEqual({
      email: settings.user.delivery_order_mails.email,
      cc_emails: settings.user.delivery_order_mails.cc_emails,
      reminder_days: 2,
      is_default: true,
    });

    const list = { email: 'yard@demo.test', cc_emails: ccs(10), reminder_days: 3 };
    const saved = await injectAs(t.app, tokens.manager, { method: 'PUT', url, payload: list });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...list, is_default: false });
    expect((await injectAs(t.app, tokens.primary, { method: 'GET', url })).json()).toEqual({
      ...list,
      is_default: false,
    });
    // Another company sees its own.
    expect((await injectAs(t.app, tokens.other, { method: 'GET', url })).json()).toMatchObject({ is_default: true });

    const after = await injectAs(t.app, tokens.primary, { method: 'GET', url: apiUrl(API_PATHS.settings) });
    expect(Object.keys(after.json<SettingsResponse>().user).sort()).toEqual(Object.keys(settings.user).sort());
    expect(after.json<SettingsResponse>().user.delivery_order_mails).toEqual(settings.user.delivery_order_mails);
  });

  it('refuses more than 10 CCs and reminder days out of range, naming the field, and Shipments Info', async () => {
    const tokens = await loginDemoUsers(t.app);
    const tooMany = await injectAs(t.app, tokens.primary, {
      method: 'PUT',
      url,
      payload: { email: 'yard@demo.test', cc_emails: ccs(11), reminder_days: 2 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: 'cc_emails', message: expect.stringContaining(CC_LIST_FULL) });

    for (const reminderDays of [-1, 11, 1.5]) {
      const reply = await injectAs(t.app, tokens.primary, {
        method: 'PUT',
        url,
        payload: { email: '', cc_emails: [], reminder_days: reminderDays },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        field: 'reminder_days',
        message: expect.stringContaining(DEMURRAGE_ALERTS_TEXTS.reminderDaysRange),
      });
    }

    const badAddress = await injectAs(t.app, tokens.primary, {
      method: 'PUT',
      url,
      payload: { email: 'not an address', cc_emails: [], reminder_days: 2 },
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json()).toMatchObject({ field: 'email' });

    for (const method of ['GET', 'PUT'] as const) {
      const reply = await injectAs(t.app, tokens.viewer, {
        method,
        url,
        payload: method === 'PUT' ? { email: '', cc_emails: [], reminder_days: 2 } : undefined,
      });
      expect(reply.statusCode).toBe(403);
    }
  });
});
