import { describe, expect, it } from 'vitest';
import type { ContainerFreeDaysResponse } from '@clearport/contract/free-days';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, injectAs, loginDemoUsers, testAppForFile } from '../../../test/build-app.ts';
import { BROKER } from '../access/session-user.ts';
import { setContainerFreeDays } from './set-container-free-days.ts';
import { HAS_NO_FREE_DAYS } from '../../../test/shipment-fixtures.ts';

const t = testAppForFile();

/** A container of a Demo Imports shipment the Shipments Info viewer sees too (its accounts), without free days yet. */
async function viewersContainer() {
  const viewer = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'viewer@demo.test')
    .executeTakeFirstOrThrow();
  return t.app.db
    .selectFrom('containers')
    .innerJoin('shipments', 'shipments.id', 'containers.shipment_id')
    .innerJoin('user_accounts', 'user_accounts.account_id', 'shipments.account_id')
    .select(['shipments.id as shipmentId', 'shipments.file_number', 'containers.container_no'])
    .where('user_accounts.user_id', '=', viewer.id)
    .where(HAS_NO_FREE_DAYS)
    .orderBy('containers.id')
    .executeTakeFirstOrThrow();
}

const freeDaysOf = (token: string, shipmentId: number) =>
  injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.containerFreeDays, { id: shipmentId }) });

describe("the shipment's containers' free days", () => {
  it('give each container its dates, state and last free day history, to the Shipments Info role without money', async () => {
    const tokens = await loginDemoUsers(t.app);
    const container = await viewersContainer();
    const input = { fileNumber: container.file_number, containerNo: container.container_no };
    await setContainerFreeDays({ db: t.app.db }, BROKER, {
      ...input,
      fields: {
        terminal_last_free_day: '2020-01-10',
        customs_hold: true,
        demurrage_rates: [{ from_day: 1, cents_per_day: 100 }],
      },
    });
    expect(
      await setContainerFreeDays({ db: t.app.db }, BROKER, {
        ...input,
        fields: { terminal_last_free_day: '2020-01-10' },
      }),
    ).toBe('unchanged');
    await setContainerFreeDays({ db: t.app.db }, BROKER, {
      ...input,
      fields: { terminal_last_free_day: '2020-01-12' },
    });

    const reply = await freeDaysOf(tokens.viewer, container.shipmentId);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<ContainerFreeDaysResponse>();
    const found = body.containers.find((each) => each.container_no === container.container_no)!;
    expect(found).toMatchObject({ terminal_last_free_day: '2020-01-12', customs_hold: true, line_hold: false });
    expect(found.status).toMatchObject({ state: 'demurrage' });
    expect(found).toMatchObject({ demurrage_rates: null, status: { charge_cents: null } });
    expect(found.lfd_history.map((change) => [change.which, change.old_day, change.new_day])).toEqual([
      ['terminal', null, '2020-01-10'],
      ['terminal', '2020-01-10', '2020-01-12'],
    ]);
    const primary = (await freeDaysOf(tokens.primary, container.shipmentId)).json<ContainerFreeDaysResponse>();
    const seen = primary.containers.find((each) => each.container_no === container.container_no)!;
    expect(seen.demurrage_rates).toEqual([{ from_day: 1, cents_per_day: 100 }]);
    if (seen.status.state !== 'demurrage') throw new Error(`demurrage expected, got ${seen.status.state}`);
    expect(seen.status.charge_cents).toBe(seen.status.days * 100);
    const others = body.containers.filter((each) => each.container_no !== container.container_no);
    // A container the broker sent nothing for is on time, with no history.
    for (const other of others.filter((each) => each.terminal_last_free_day === null && each.gated_out_at === null)) {
      expect(other).toMatchObject({ status: { state: 'on_time' }, lfd_history: [] });
    }
  });

  it("answer 404 for another company's shipment and for one that does not exist", async () => {
    const tokens = await loginDemoUsers(t.app);
    const container = await viewersContainer();
    expect((await freeDaysOf(tokens.other, container.shipmentId)).statusCode).toBe(404);
    expect((await freeDaysOf(tokens.primary, 2_147_483_647)).statusCode).toBe(404);
  });
});
