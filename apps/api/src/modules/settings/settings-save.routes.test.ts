import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  CC_LIST_FULL,
  NOTIFICATION_LISTS,
  SETTINGS_ERRORS,
  SETTINGS_SAVED,
  settingsRevision,
  SettingsResponse,
  SaveSettingsResponse,
  WAREHOUSE_NOT_FOUND,
  type SettingsFormSaveRequest,
  type SettingsWarehouseInput,
} from '@clearport/contract/settings';
import { UNKNOWN_CALL_FIELD_MESSAGE } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import { TEXTS } from '@clearport/contract/texts';
import type { Trucker } from '@clearport/contract/truckers';
import type { Warehouse } from '@clearport/contract/warehouses';
import { configFromEnv } from '../../config.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { THROTTLE } from '../auth/login-throttle.ts';
import { apiUrl, demoUsersOf, injectAs, login, testAppForFile } from '../../../test/build-app.ts';
import { addressesOf, orderableShipment, outboxMessages } from '../../../test/delivery-order-fixtures.ts';

const t = testAppForFile();
const { tokens } = demoUsersOf(t);

const settingsOf = async (token: string) =>
  SettingsResponse.parse((await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.settings) })).json())
    .user;
const save = (token: string, payload: object) =>
  injectAs(t.app, token, { method: 'POST', url: apiUrl(API_PATHS.saveSettings), payload });

const truckerInput = (trucker: Trucker) => ({
  id: trucker.id,
  name: trucker.name,
  email: trucker.trucker_emails[0]?.email ?? '',
  cc_emails: trucker.trucker_emails[0]?.cc_emails ?? [],
});
const warehouseInput = ({ id, name, phone, address, city, state, zip, emails }: Warehouse) => ({
  id,
  name,
  phone,
  address,
  city,
  // The reply's state is one the input took.
  state: state as SettingsWarehouseInput['state'],
  zip,
  emails,
});

/** The Settings screen's body as it would send the settings unchanged. */
async function unchangedBody(token: string): Promise<SettingsFormSaveRequest> {
  const settings = await settingsOf(token);
  return {
    user_emails: NOTIFICATION_LISTS.map((list) => ({ table_number: list.table_number, ...settings[list.key] })),
    truckers: settings.truckers.map(truckerInput),
    warehouses: settings.warehouses.map(warehouseInput),
  };
}

/** The body of a user who does not edit the company's lists: the lists as read, nothing more. */
async function ownBody(token: string): Promise<SettingsFormSaveRequest> {
  return { user_emails: (await unchangedBody(token)).user_emails };
}

/** Everything the Settings screen's save can change. */
const snapshot = async () => ({
  lists: await t.app.db.selectFrom('notification_emails').selectAll().orderBy('id').execute(),
  truckers: await t.app.db.selectFrom('truckers').selectAll().orderBy('id').execute(),
  truckerEmails: await t.app.db.selectFrom('trucker_emails').selectAll().orderBy('id').execute(),
  warehouses: await t.app.db.selectFrom('warehouses').selectAll().orderBy('id').execute(),
  warehouseEmails: await t.app.db.selectFrom('warehouse_emails').selectAll().orderBy('id').execute(),
  users: await t.app.db.selectFrom('users').select(['id', 'email', 'password_hash']).orderBy('id').execute(),
});

const ccs = (count: number, domain = 'cc.test') => Array.from({ length: count }, (_, i) => `copy${i}@${domain}`);

/** A delivery order of account 40001 naming this trucker and warehouse, sent or not. */
async function orderNaming(truckerId: number, warehouseId: number, isSent: boolean) {
  const shipment = await orderableShipment(t.app.db, '40001', new Set());
  await t.app.db
    .insertInto('delivery_orders')
    .values({
      shipment_id: shipment.id,
      trucker_id: truckerId,
      warehouse_id: warehouseId,
      sent_at: isSent ? sql<Date>`now()` : null,
    })
    .execute();
}

describe('POST user/settings/save from the Settings screen: the notification lists', () => {
  it('saves each of the four lists with ten CCs and shows them on reading', async () => {
    const body = await unchangedBody(tokens.manager!);
    body.user_emails = NOTIFICATION_LISTS.map((list, index) => ({
      table_number: list.table_number,
      email: `list${index}@demo.test`,
      cc_emails: ccs(10, `list${index}.test`),
    }));
    const response = await save(tokens.manager!, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(SaveSettingsResponse.parse(response.json()).messages).toEqual([SETTINGS_SAVED]);
    // The lists are the company's: another user of it reads them.
    const read = await settingsOf(tokens.user!);
    NOTIFICATION_LISTS.forEach((list, index) =>
      expect(read[list.key]).toEqual({ email: `list${index}@demo.test`, cc_emails: ccs(10, `list${index}.test`) }),
    );
    expect((await settingsOf(tokens.other!))._7501_emails.email).not.toBe('list1@demo.test');
  });

  it('keeps an address a list was sent twice once, whatever its case, and a trucker’s the same', async () => {
    const body = await unchangedBody(tokens.manager!);
    body.user_emails[0]!.cc_emails = ['ops@demo.test', 'Ops@Demo.test', 'dock@demo.test', 'ops@demo.test'];
    body.truckers = [
      ...(body.truckers ?? []),
      { name: 'Twice Hauling', email: 'dispatch@twice.test', cc_emails: ['a@twice.test', 'A@twice.test'] },
    ];
    const response = await save(tokens.manager!, body);
    expect(response.statusCode, response.body).toBe(200);
    const read = await settingsOf(tokens.manager!);
    expect(read[NOTIFICATION_LISTS[0]!.key].cc_emails).toEqual(['ops@demo.test', 'dock@demo.test']);
    const trucker = read.truckers.find((each) => each.name === 'Twice Hauling')!;
    expect(trucker.trucker_emails[0]!.cc_emails).toEqual(['a@twice.test']);
  });

  it('refuses an eleventh CC of any list, and an invalid address, naming the field and changing nothing', async () => {
    for (const [index] of NOTIFICATION_LISTS.entries()) {
      const body = await unchangedBody(tokens.primary!);
      body.user_emails[index]!.cc_emails = ccs(11);
      body.user_emails[(index + 1) % 4]!.email = 'changed@demo.test';
      const before = await snapshot();
      const response = await save(tokens.primary!, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ field: `user_emails.${index}.cc_emails`, errors: [CC_LIST_FULL] });
      expect(await snapshot()).toEqual(before);
    }
    const cases: Array<[(body: SettingsFormSaveRequest) => void, string]> = [
      [(body) => (body.user_emails[1]!.email = 'not-an-address'), 'user_emails.1.email'],
      [(body) => (body.user_emails[2]!.cc_emails = ['ok@demo.test', 'bad@']), 'user_emails.2.cc_emails.1'],
      [(body) => (body.truckers![0]!.email = 'nope'), 'truckers.0.email'],
      [(body) => (body.email = 'no-at-sign'), 'email'],
    ];
    for (const [change, field] of cases) {
      const body = await unchangedBody(tokens.primary!);
      change(body);
      const before = await snapshot();
      const response = await save(tokens.primary!, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ field, errors: [TEXTS.emailInvalid] });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('refuses a field the body does not have, naming it, and changes nothing', async () => {
    const body = await unchangedBody(tokens.primary!);
    const before = await settingsOf(tokens.primary!);
    const response = await save(tokens.primary!, { ...body, pasword: 'a-new-password-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'pasword', message: `pasword: ${UNKNOWN_CALL_FIELD_MESSAGE}` });
    expect(await settingsOf(tokens.primary!)).toEqual(before);
  });

  it('refuses a body without all four lists, and the database keeps the CC limit', async () => {
    const body = await unchangedBody(tokens.primary!);
    const response = await save(tokens.primary!, { ...body, user_emails: body.user_emails.slice(0, 3) });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('user_emails');
    await expect(
      t.app.db
        .updateTable('notification_emails')
        .set({ cc_emails: ccs(11) })
        .where('table_number', '=', 0)
        .execute(),
    ).rejects.toThrow();
  });
});

describe('POST user/settings/save from the Settings screen: truckers and warehouses', () => {
  it('creates, edits and deletes truckers and warehouses of the company', async () => {
    const body = await unchangedBody(tokens.manager!);
    const created = await save(tokens.manager!, {
      ...body,
      truckers: [...body.truckers!, { name: 'Bay Bridge Hauling', email: 'go@bay.test', cc_emails: ccs(2) }],
      warehouses: [...body.warehouses!, { name: 'Oakland Dock', city: 'Oakland', state: 'CA', zip: '94607' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const afterCreate = SaveSettingsResponse.parse(created.json());
    const trucker = afterCreate.truckers.at(-1)!;
    const warehouse = afterCreate.warehouses.at(-1)!;
    expect(trucker).toMatchObject({
      name: 'Bay Bridge Hauling',
      status: 1,
      trucker_emails: [{ email: 'go@bay.test' }],
    });
    expect(warehouse).toMatchObject({ name: 'Oakland Dock', city: 'Oakland', state: 'CA', status: 1 });

    const edited = await save(tokens.manager!, {
      ...body,
      truckers: [...body.truckers!, { ...truckerInput(trucker), name: 'Bay Bridge Haulage', cc_emails: ccs(10) }],
      warehouses: [...body.warehouses!, { ...warehouseInput(warehouse), zip: '94608', status: 0 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const primaryView = await settingsOf(tokens.primary!);
    expect(primaryView.truckers.find((each) => each.id === trucker.id)).toMatchObject({
      name: 'Bay Bridge Haulage',
      trucker_emails: [{ email: 'go@bay.test', cc_emails: ccs(10) }],
    });
    expect(primaryView.warehouses.find((each) => each.id === warehouse.id)).toMatchObject({ zip: '94608', status: 0 });

    const deleted = await save(tokens.manager!, body);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await t.app.db
      .selectFrom('truckers')
      .select('id')
      .where('id', '=', trucker.id)
      .union(t.app.db.selectFrom('warehouses').select('id').where('id', '=', warehouse.id))
      .execute();
    // Never named by an order: removed.
    expect(rows).toEqual([]);
  });

  it('refuses an eleventh trucker CC and a trucker without a name with the spec’s texts', async () => {
    const body = await unchangedBody(tokens.primary!);
    const before = await snapshot();
    const tooMany = await save(tokens.primary!, {
      ...body,
      truckers: [{ ...body.truckers![0]!, cc_emails: ccs(11) }, ...body.truckers!.slice(1)],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: 'truckers.0.cc_emails', errors: [TEXTS.maxTruckerCc] });
    const unnamed = await save(tokens.primary!, {
      ...body,
      truckers: [...body.truckers!, { name: ' ', email: '', cc_emails: [] }],
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      field: `truckers.${body.truckers!.length}.name`,
      errors: [TEXTS.cannotBeEmpty],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to delete a trucker or warehouse an unsent order names, with the spec’s text, changing nothing', async () => {
    const body = await unchangedBody(tokens.primary!);
    const [trucker] = body.truckers!;
    const [warehouse] = body.warehouses!;
    await orderNaming(trucker!.id!, warehouse!.id!, false);
    const changedLists = body.user_emails.map((list) => ({ ...list, email: 'changed@demo.test' }));

    const before = await snapshot();
    for (const [field, message] of [
      ['truckers', TEXTS.truckersInUse],
      ['warehouses', TEXTS.warehousesInUse],
    ] as const) {
      const usedOneGone = await save(tokens.primary!, {
        ...body,
        user_emails: changedLists,
        [field]: body[field]!.slice(1),
      });
      expect(usedOneGone.statusCode, field).toBe(400);
      expect(usedOneGone.json()).toEqual({ message, field, errors: [message] });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps one named only by sent orders as deleted: out of the lists, still on its orders', async () => {
    const created = SaveSettingsResponse.parse(
      (
        await save(tokens.primary!, {
          ...(await unchangedBody(tokens.primary!)),
          truckers: [
            ...(await unchangedBody(tokens.primary!)).truckers!,
            { name: 'Sent Once', email: '', cc_emails: [] },
          ],
          warehouses: [...(await unchangedBody(tokens.primary!)).warehouses!, { name: 'Sent Dock' }],
        })
      ).json(),
    );
    const trucker = created.truckers.at(-1)!;
    const warehouse = created.warehouses.at(-1)!;
    await orderNaming(trucker.id, warehouse.id, true);
    const body = await unchangedBody(tokens.primary!);
    const response = await save(tokens.primary!, {
      ...body,
      truckers: body.truckers!.filter((each) => each.id !== trucker.id),
      warehouses: body.warehouses!.filter((each) => each.id !== warehouse.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = SaveSettingsResponse.parse(response.json());
    expect(reply.truckers.map((each) => each.id)).not.toContain(trucker.id);
    expect(reply.warehouses.map((each) => each.id)).not.toContain(warehouse.id);
    for (const [table, id] of [
      ['truckers', trucker.id],
      ['warehouses', warehouse.id],
    ] as const) {
      const kept = await t.app.db.selectFrom(table).select('deleted_at').where('id', '=', id).executeTakeFirst();
      expect(kept?.deleted_at, table).toBeInstanceOf(Date);
    }
  });

  it('refuses another company’s trucker or warehouse id with 400 on the field, changing nothing', async () => {
    const others = await settingsOf(tokens.other!);
    const body = await unchangedBody(tokens.primary!);
    const before = await snapshot();
    const trucker = await save(tokens.primary!, {
      ...body,
      truckers: [...body.truckers!, { ...truckerInput(others.truckers[0]!), name: 'Taken Over' }],
    });
    expect(trucker.statusCode).toBe(400);
    expect(trucker.json()).toMatchObject({
      field: `truckers.${body.truckers!.length}.id`,
      errors: [SETTINGS_ERRORS.truckerNotFound],
    });
    const warehouse = await save(tokens.primary!, {
      ...body,
      warehouses: [{ ...warehouseInput(others.warehouses[0]!), name: 'Taken Over' }, ...body.warehouses!],
    });
    expect(warehouse.statusCode).toBe(400);
    expect(warehouse.json()).toMatchObject({ field: 'warehouses.0.id', errors: [WAREHOUSE_NOT_FOUND] });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a trucker or warehouse sent twice with 400 on the second, changing nothing', async () => {
    const body = await unchangedBody(tokens.primary!);
    const before = await snapshot();
    const trucker = await save(tokens.primary!, {
      ...body,
      truckers: [...body.truckers!, { ...body.truckers![0]!, name: 'Twice' }],
    });
    expect(trucker.statusCode).toBe(400);
    expect(trucker.json()).toMatchObject({
      field: `truckers.${body.truckers!.length}.id`,
      errors: ['Each trucker must be sent once.'],
    });
    const warehouse = await save(tokens.primary!, {
      ...body,
      warehouses: [body.warehouses![1]!, ...body.warehouses!],
    });
    expect(warehouse.statusCode).toBe(400);
    expect(warehouse.json()).toMatchObject({ field: 'warehouses.2.id', errors: ['Each warehouse must be sent once.'] });
    expect(await snapshot()).toEqual(before);
  });

  it('edits many at once, each as sent, and keeps what a warehouse was sent without', async () => {
    const body = await unchangedBody(tokens.primary!);
    const many = Array.from({ length: 40 }, (_, index) => index);
    const created = await save(tokens.primary!, {
      ...body,
      truckers: [
        ...body.truckers!,
        ...many.map((index) => ({ name: `Hauler ${index}`, email: `go${index}@haul.test`, cc_emails: [] })),
      ],
      warehouses: [
        ...body.warehouses!,
        ...many.map((index) => ({
          name: `Dock ${index}`,
          phone: `555-01${String(index).padStart(2, '0')}`,
          city: 'Oakland',
          state: 'CA' as const,
          zip: '94607',
          emails: [{ name: `Lead ${index}`, email: `lead${index}@dock.test` }],
        })),
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { truckers, warehouses } = SaveSettingsResponse.parse(created.json());
    const newTruckers = truckers.filter((each) => each.name.startsWith('Hauler '));
    const newWarehouses = warehouses.filter((each) => each.name.startsWith('Dock '));
    expect(newTruckers).toHaveLength(40);

    const edited = await save(tokens.primary!, {
      ...body,
      truckers: [
        ...body.truckers!,
        ...newTruckers.map((each, index) => ({
          ...truckerInput(each),
          name: `${each.name} East`,
          cc_emails: ccs(index % 3),
          ...(index % 2 === 0 ? { status: 0 as const } : {}),
        })),
      ],
      warehouses: [
        ...body.warehouses!,
        // The even ones with their name alone; the odd ones whole, their contact changed.
        ...newWarehouses.map((each, index) =>
          index % 2 === 0
            ? { id: each.id, name: `${each.name} West` }
            : { ...warehouseInput(each), state: '' as const, emails: [{ name: 'Night shift', email: '' }] },
        ),
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await settingsOf(tokens.primary!);
    newTruckers.forEach((each, index) => {
      expect(after.truckers.find((trucker) => trucker.id === each.id)).toEqual({
        ...each,
        name: `${each.name} East`,
        status: index % 2 === 0 ? 0 : 1,
        trucker_emails: [{ email: each.trucker_emails[0]!.email, cc_emails: ccs(index % 3) }],
      });
    });
    newWarehouses.forEach((each, index) => {
      expect(after.warehouses.find((warehouse) => warehouse.id === each.id)).toEqual(
        index % 2 === 0
          ? { ...each, name: `${each.name} West` }
          : { ...each, state: '', emails: [{ name: 'Night shift', email: '' }] },
      );
    });
    const restored = await save(tokens.primary!, body);
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('refuses role 11 with 403', async () => {
    const body = await unchangedBody(tokens.primary!);
    const before = await snapshot();
    const response = await save(tokens.viewer!, body);
    expect(response.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST user/settings/save from the Settings screen: lists changed since it read them', () => {
  it('refuses a save from a reading older than a change made elsewhere, changing nothing, and takes one from the change', async () => {
    const reading = await settingsOf(tokens.primary);
    const revision = settingsRevision(reading);
    // Elsewhere: another tab, or a colleague, creates a trucker.
    const created = await injectAs(t.app, tokens.manager, {
      method: 'POST',
      url: apiUrl(API_PATHS.createTrucker),
      payload: { truckers: [{ name: 'Bayside Carriers', email: 'dispatch@bayside.test', cc_emails: [] }] },
    });
    expect(created.statusCode).toBe(200);
    const before = await snapshot();
    // The first reading's whole lists, with one list changed: the new trucker left out.
    const stale = {
      ...(await unchangedBody(tokens.primary)),
      truckers: reading.truckers.map(truckerInput),
      user_emails: NOTIFICATION_LISTS.map((list) => ({
        table_number: list.table_number,
        ...reading[list.key],
        ...(list.key === 'invoice_emails' ? { email: 'payables@demoimports.test' } : {}),
      })),
    };
    const refused = await save(tokens.primary, { ...stale, revision });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: SETTINGS_ERRORS.changedElsewhere, field: 'revision' });
    expect(await snapshot()).toEqual(before);

    const fresh = await settingsOf(tokens.primary);
    expect(fresh.truckers.map((trucker) => trucker.name)).toContain('Bayside Carriers');
    const body = await unchangedBody(tokens.primary);
    const saved = await save(tokens.primary, { ...body, revision: settingsRevision(fresh) });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('POST user/settings/save from the Settings screen: who changes the company’s lists', () => {
  it('refuses role 5 a changed list, a trucker or warehouse list, and the demurrage list, changing nothing', async () => {
    const body = await unchangedBody(tokens.user!);
    const before = await snapshot();
    const changedList = structuredClone(body.user_emails);
    changedList[0]!.email = 'rerouted@elsewhere.test';
    const attempts = [
      { user_emails: changedList },
      { user_emails: body.user_emails, truckers: body.truckers },
      { user_emails: body.user_emails, warehouses: body.warehouses },
    ];
    for (const payload of attempts) {
      const response = await save(tokens.user!, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json()).toMatchObject({ errors: [SETTINGS_ERRORS.companyListsForbidden] });
    }
    const demurrage = await injectAs(t.app, tokens.user!, {
      method: 'PUT',
      url: apiUrl(API_PATHS.demurrageAlerts),
      payload: { email: 'rerouted@elsewhere.test', cc_emails: [], reminder_days: 2 },
    });
    expect(demurrage.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await t.app.db.selectFrom('demurrage_alerts').select('email').execute()).not.toContainEqual({
      email: 'rerouted@elsewhere.test',
    });
  });

  it('lets role 5 save its own settings with the lists as read, and a manager change the lists', async () => {
    const response = await save(tokens.user!, await ownBody(tokens.user!));
    expect(response.statusCode, response.body).toBe(200);
    const body = await unchangedBody(tokens.manager!);
    body.user_emails[1]!.email = 'review.desk@demo.test';
    const changed = await save(tokens.manager!, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await settingsOf(tokens.user!))._7501_emails.email).toBe('review.desk@demo.test');
  });
});

describe('POST user/settings/save from the Settings screen: the user’s own e-mail and password', () => {
  it('refuses a new password without the current one, or with a wrong one, changing nothing', async () => {
    const body = await unchangedBody(tokens.manager!);
    const before = await snapshot();
    const missing = await save(tokens.manager!, { ...body, password: 'brand-new-secret' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      field: 'current_password',
      errors: [SETTINGS_ERRORS.currentPasswordRequired],
    });
    const wrong = await save(tokens.manager!, { ...body, password: 'brand-new-secret', current_password: 'guess' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'current_password', errors: [SETTINGS_ERRORS.currentPasswordWrong] });
    const short = await save(tokens.manager!, { ...body, password: 'abc', current_password: DEMO_PASSWORD });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password', errors: [TEXTS.resetPasswordTooShort] });
    expect(await snapshot()).toEqual(before);
  });

  it('changes the password with the current one, ending the user’s other sessions but not this one', async () => {
    const otherSession = await login(t.app, 'manager@demo.test');
    const body = await unchangedBody(tokens.manager!);
    const response = await save(tokens.manager!, {
      ...body,
      password: 'brand-new-secret',
      current_password: DEMO_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    const profile = (token: string) => injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.profile) });
    expect((await profile(otherSession)).statusCode).toBe(401);
    expect((await profile(tokens.manager!)).statusCode).toBe(200);
    // Another user's sessions are untouched.
    expect((await profile(tokens.primary!)).statusCode).toBe(200);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.login),
      payload: { userName: 'manager@demo.test', password: DEMO_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(await login(t.app, 'manager@demo.test', 'brand-new-secret')).toEqual(expect.any(String));
  });

  it('refuses an e-mail another user has, whatever its case, changing nothing', async () => {
    const body = await ownBody(tokens.user!);
    const before = await snapshot();
    const response = await save(tokens.user!, { ...body, email: 'Primary@Demo.test', current_password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ field: 'email', errors: [SETTINGS_ERRORS.emailTaken] });
    expect(await snapshot()).toEqual(before);
  });

  it('changes the e-mail with the current password and tells the old address', async () => {
    const body = await ownBody(tokens.user!);
    const sameButCase = await save(tokens.user!, { ...body, email: 'USER@demo.test' });
    expect(sameButCase.statusCode, sameButCase.body).toBe(200);
    const mailsBefore = (await outboxMessages(t.dataDir)).length;
    const response = await save(tokens.user!, {
      ...body,
      email: 'new.user@demo.test',
      current_password: DEMO_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await settingsOf(tokens.user!)).email).toBe('new.user@demo.test');
    const mails = (await outboxMessages(t.dataDir)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(addressesOf(mails[0]!.to)).toEqual(['user@demo.test']);
    expect(mails[0]!.text).toContain('new.user@demo.test');
    // "Contact your brokerage": a reply reaches it, not the no-reply sender.
    expect(addressesOf(mails[0]!.replyTo)).toEqual([configFromEnv({}).brokerEmail]);
    expect(await login(t.app, 'new.user@demo.test')).toEqual(expect.any(String));
    const recorded = await t.app.db
      .selectFrom('user_changes')
      .select(['user_email', 'action', 'detail'])
      .where('user_email', '=', 'new.user@demo.test')
      .execute();
    expect(recorded).toEqual([
      {
        user_email: 'new.user@demo.test',
        action: 'update',
        detail: { email: { from: 'user@demo.test', to: 'new.user@demo.test' } },
      },
    ]);
  });

  it('counts current-password checks as login attempts of the user, so they cannot be guessed faster', async () => {
    const body = await unchangedBody(tokens.other!);
    const guess = () => save(tokens.other!, { ...body, password: 'taken-over', current_password: 'guess' });
    // Three free attempts and one more pass (decision 0002); from then on each sets a doubling wait.
    const answers: number[] = [];
    while (answers.length < 8 && answers.at(-1) !== 429) answers.push((await guess()).statusCode);
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers.at(-1)).toBe(429);
    const throttled = await guess();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    const login = await t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.login),
      payload: { userName: 'primary@other.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(429);
  });

  it('gives guesses from the address no attempts back when the current password is right', async () => {
    await t.app.db.deleteFrom('login_throttle').execute();
    try {
      const guess = (index: number) =>
        t.app.inject({
          method: 'POST',
          url: apiUrl(API_PATHS.login),
          payload: { userName: `guess-${index}@demo.test`, password: 'wrong' },
        });
      for (let index = 0; index < THROTTLE.free.address; index += 1) expect((await guess(index)).statusCode).toBe(401);
      const body = await unchangedBody(tokens.primary!);
      const taken = await t.app.db
        .selectFrom('users')
        .select('email')
        .where('email', '<>', 'primary@demo.test')
        .executeTakeFirstOrThrow();
      for (let round = 0; round < 3; round += 1) {
        // The current password is right and the new address taken: nothing changes.
        const response = await save(tokens.primary!, {
          ...body,
          email: taken.email,
          current_password: DEMO_PASSWORD,
        });
        expect(response.statusCode).toBe(409);
      }
      const address = await t.app.db
        .selectFrom('login_throttle')
        .select('attempts')
        .where('key', '=', 'login-address:127.0.0.1')
        .executeTakeFirstOrThrow();
      expect(address.attempts).toBe(THROTTLE.free.address);
    } finally {
      await t.app.db.deleteFrom('login_throttle').execute();
    }
  });
});
