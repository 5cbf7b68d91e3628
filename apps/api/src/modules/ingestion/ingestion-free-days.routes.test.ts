import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { expectKeptByTriggers } from '../../../test/kept-by-triggers.ts';

/**
 * A container's free days (decision 0029): changed only in what a record carries, the same again
 * unchanged, and each change of a last free day kept in the container's history.
 */

const t = testAppForFile({ seedDemo: false });
const broker = brokerApiOf(t);
type Result = { outcome: string; key: string | null; code?: string; field?: string; reason?: string };

const setup = [
  { kind: 'company', company_id: 'F-1', name: 'Free Days Inc' },
  { kind: 'account', account_no: '81001', company_id: 'F-1' },
  { kind: 'shipment', file_number: 'FD-1', account_no: '81001', status: 'submitted' },
  { kind: 'container', file_number: 'FD-1', container_no: 'MSKU1234565' },
];
const key = { kind: 'container_free_days', file_number: 'FD-1', container_no: 'MSKU1234565' };

const row = () => t.app.db.selectFrom('container_free_days').selectAll().executeTakeFirstOrThrow();
const history = () =>
  t.app.db.selectFrom('container_lfd_changes').select(['which', 'old_day', 'new_day']).orderBy('id').execute();

describe('container free days records', () => {
  it('refuse a container the portal does not hold, naming container_no', async () => {
    await broker.results(setup);
    const [result] = await broker.results<Result>([{ ...key, container_no: 'NOPE0000000' }]);
    expect(result).toMatchObject({
      outcome: 'refused',
      code: 'unknown_container',
      field: 'container_no',
      key: 'container_free_days:FD-1/NOPE0000000',
    });
  });

  it('refuse rates whose first tier does not start on day 1, naming the field', async () => {
    const [result] = await broker.results<Result>([{ ...key, demurrage_rates: [{ from_day: 2, cents_per_day: 100 }] }]);
    expect(result).toMatchObject({ outcome: 'refused', code: 'invalid_field', field: 'demurrage_rates' });
  });

  it('create, change only what a record carries, clear with null, and keep each last free day change', async () => {
    const full = {
      ...key,
      discharged_at: '2026-11-02T06:40:00-05:00',
      terminal_last_free_day: '2026-11-07',
      line_hold: true,
      demurrage_rates: [
        { from_day: 1, cents_per_day: 15000 },
        { from_day: 5, cents_per_day: 30000 },
      ],
    };
    expect((await broker.results<Result>([full]))[0]).toMatchObject({
      outcome: 'created',
      key: 'container_free_days:FD-1/MSKU1234565',
    });
    expect(await history()).toEqual([{ which: 'terminal', old_day: null, new_day: '2026-11-07' }]);
    const updatedAt = (await row()).updated_at;

    expect((await broker.results<Result>([full]))[0]!.outcome).toBe('unchanged');
    expect((await row()).updated_at).toEqual(updatedAt);
    expect(await history()).toHaveLength(1);

    expect((await broker.results<Result>([{ ...key, terminal_last_free_day: '2026-11-09' }]))[0]!.outcome).toBe(
      'updated',
    );
    expect(await row()).toMatchObject({
      terminal_last_free_day: '2026-11-09',
      line_hold: true,
      discharged_at: new Date('2026-11-02T11:40:00Z'),
      demurrage_rates: full.demurrage_rates,
    });
    expect((await broker.results<Result>([{ ...key, line_hold: false, discharged_at: null }]))[0]!.outcome).toBe(
      'updated',
    );
    expect(await row()).toMatchObject({ terminal_last_free_day: '2026-11-09', line_hold: false, discharged_at: null });

    await broker.results([{ ...key, terminal_last_free_day: null, detention_last_free_day: '2026-11-20' }]);
    expect(await history()).toEqual([
      { which: 'terminal', old_day: null, new_day: '2026-11-07' },
      { which: 'terminal', old_day: '2026-11-07', new_day: '2026-11-09' },
      { which: 'terminal', old_day: '2026-11-09', new_day: null },
      { which: 'detention', old_day: null, new_day: '2026-11-20' },
    ]);
    // The same instant written with another offset is the same value.
    expect(
      (await broker.results<Result>([{ ...key, line_hold: false, terminal_last_free_day: null }]))[0]!.outcome,
    ).toBe('unchanged');
    // The shipment's nearest day, its kind and the days counted followed each record.
    await expectKeptByTriggers(t.app.db);
  });
});
