import { describe, expect, it } from 'vitest';
import { MAX_CC_EMAILS } from '@clearport/contract/constants';
import { API_PATHS } from '@clearport/contract/paths';
import { SettingsResponse } from '@clearport/contract/settings';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { TEXTS } from '@clearport/contract/texts';
import { CreateTruckerResponse } from '@clearport/contract/truckers';
import { apiUrl, demoUsersOf, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';

const t = testAppForFile();
const { tokens } = demoUsersOf(t);

const save = (who: DemoUser, payload: object) =>
  injectAs(t.app, tokens[who]!, { method: 'POST', url: apiUrl(API_PATHS.createTrucker), payload });
const settings = async (who: DemoUser) =>
  SettingsResponse.parse(
    (await injectAs(t.app, tokens[who]!, { method: 'GET', url: apiUrl(API_PATHS.settings) })).json(),
  );
const truckerCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('truckers')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const ccs = (count: number) => Array.from({ length: count }, (_, index) => `cc${index}@trucks.test`);

describe('POST user/trucker/save', () => {
  it('creates each trucker, active, with its address and CC list, for the caller’s company only', async () => {
    // A full list with one address written again: that one is kept once, and counted once.
    const written = [...ccs(MAX_CC_EMAILS), 'CC0@trucks.test'];
    const response = await save('user', {
      truckers: [
        { name: ' Desert Line Haul ', email: 'dispatch@desertline.test', cc_emails: written },
        { name: 'Quiet Carriers', email: '', cc_emails: [] },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { truckers } = CreateTruckerResponse.parse(response.json());
    expect(truckers).toMatchObject([
      {
        name: 'Desert Line Haul',
        status: 1,
        deleted_at: null,
        trucker_emails: [{ email: 'dispatch@desertline.test', cc_emails: ccs(MAX_CC_EMAILS) }],
      },
      { name: 'Quiet Carriers', status: 1, trucker_emails: [{ email: '', cc_emails: [] }] },
    ]);
    expect((await settings('primary')).user.truckers.slice(-2)).toEqual(truckers);
    const otherIds = (await settings('other')).user.truckers.map((trucker) => trucker.id);
    expect(otherIds).not.toContain(truckers[0]!.id);
  });

  it('refuses the eleventh CC, an empty name and a bad address, naming the field, and creates nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [
        { name: 'Too Many', email: 'a@b.test', cc_emails: ccs(MAX_CC_EMAILS + 1) },
        'truckers.0.cc_emails',
        TEXTS.maxTruckerCc,
      ],
      [{ name: '  ', email: 'a@b.test', cc_emails: [] }, 'truckers.0.name', TEXTS.cannotBeEmpty],
      [{ name: 'Bad', email: 'not-an-address', cc_emails: [] }, 'truckers.0.email', TEXTS.emailInvalid],
      [{ name: 'Bad', email: '', cc_emails: ['nope'] }, 'truckers.0.cc_emails.0', TEXTS.emailInvalid],
    ];
    for (const [trucker, field, message] of cases) {
      const before = await truckerCount();
      const response = await save('primary', { truckers: [{ name: 'Fine', email: '', cc_emails: [] }, trucker] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ field: field.replace('truckers.0', 'truckers.1'), errors: [message] });
      expect(await truckerCount()).toBe(before);
    }
    expect((await save('primary', { truckers: [] })).statusCode).toBe(400);
  });

  it('is refused by the database too past the CC limit', async () => {
    const [trucker] = (await settings('primary')).user.truckers;
    await expect(
      t.app.db
        .updateTable('trucker_emails')
        .set({ cc_emails: ccs(MAX_CC_EMAILS + 1) })
        .where('trucker_id', '=', trucker!.id)
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses role 11 with 403', async () => {
    const before = await truckerCount();
    const response = await save('viewer', { truckers: [{ name: 'Viewer Trucks', email: '', cc_emails: [] }] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SHIPMENT_DETAIL_ERRORS.readOnly });
    expect(await truckerCount()).toBe(before);
  });
});
