import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.ts';
import { testAppForFile } from '../../../test/build-app.ts';
import type { SessionUser } from './session-user.ts';
import { accessRepository } from './access.repository.ts';
import { sessionUserOf } from '../../../test/session-users.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';

const t = testAppForFile();
let db: Db;
beforeAll(async () => {
  db = t.app.db;
});

async function userOf(email: string): Promise<SessionUser> {
  return sessionUserOf(db, email);
}

async function accountNosOf(email: string): Promise<string[]> {
  const accounts = await accessRepository.listAccounts(db, await userOf(email));
  return accounts.map((account) => account.account_no);
}

async function shipmentAccountsOf(email: string): Promise<string[]> {
  const rows = await accessRepository
    .shipments(db, await userOf(email))
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select('accounts.account_no')
    .distinct()
    .orderBy('accounts.account_no')
    .execute();
  return rows.map((row) => row.account_no);
}

describe('the access check', () => {
  it('gives a primary user every account of their company', async () => {
    expect(await accountNosOf('primary@demo.test')).toEqual(['40001', '40002', '40003']);
    expect(await shipmentAccountsOf('primary@demo.test')).toEqual(['40001', '40002', '40003']);
  });

  it('gives other users only their linked accounts', async () => {
    expect(await accountNosOf('user@demo.test')).toEqual(['40001']);
    expect(await shipmentAccountsOf('user@demo.test')).toEqual(['40001']);
    expect(await accountNosOf('viewer@demo.test')).toEqual(['40001', '40002']);
    expect(await accountNosOf('manager@demo.test')).toEqual(['40001', '40002', '40003']);
  });

  it('gives a user of Other Trading Co no Demo Imports account, shipment or invoice', async () => {
    const other = await userOf('primary@other.test');
    expect(await accountNosOf('primary@other.test')).toEqual(['70001']);
    expect(await shipmentAccountsOf('primary@other.test')).toEqual(['70001']);
    const invoiceAccounts = await accessRepository
      .invoices(db, other)
      .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
      .select('accounts.account_no')
      .distinct()
      .execute();
    expect(invoiceAccounts.map((row) => row.account_no)).toEqual(['70001']);

    const demoShipmentId = await shipmentIdOf(db, '40001');
    expect(await accessRepository.findShipmentId(db, other, demoShipmentId)).toBeUndefined();
    expect(await accessRepository.findShipmentId(db, await userOf('user@demo.test'), demoShipmentId)).toBe(
      demoShipmentId,
    );
  });

  it('does not let a link to another company’s account widen a sub-user’s view', async () => {
    const user = await userOf('user@demo.test');
    const foreign = await db
      .selectFrom('accounts')
      .select('id')
      .where('account_no', '=', '70001')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_accounts').values({ user_id: user.id, account_id: foreign.id }).execute();
    try {
      expect(await accountNosOf('user@demo.test')).toEqual(['40001']);
      expect(await shipmentAccountsOf('user@demo.test')).toEqual(['40001']);
    } finally {
      await db
        .deleteFrom('user_accounts')
        .where('user_id', '=', user.id)
        .where('account_id', '=', foreign.id)
        .execute();
    }
  });

  it('gives a user with no linked account nothing', async () => {
    const user = await userOf('viewer@demo.test');
    const links = await db.selectFrom('user_accounts').selectAll().where('user_id', '=', user.id).execute();
    await db.deleteFrom('user_accounts').where('user_id', '=', user.id).execute();
    try {
      expect(await accountNosOf('viewer@demo.test')).toEqual([]);
      expect(await shipmentAccountsOf('viewer@demo.test')).toEqual([]);
    } finally {
      await db.insertInto('user_accounts').values(links).execute();
    }
  });
});
