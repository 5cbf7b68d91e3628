import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-app.ts';
import { connectDatabase, type Db } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { localStorage } from '../lib/storage.ts';
import { seedDemoData } from '../seed/demo-data.ts';
import { SHIPMENT_ACTIVITY } from '../modules/activity/shipment-activity.repository.ts';
import { subusersRepository } from '../modules/subusers/subusers.repository.ts';
import { DEMO_PAYMENT_INSTRUCTIONS } from '../seed/demo-billing.ts';
import { apiKeysRepository } from '../modules/ingestion/api-keys.repository.ts';
import { runBrokerCommand, USAGE } from './broker.ts';

const run = promisify(execFile);
const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(apiDir, '../../node_modules/.bin/tsx');

/**
 * A seeded database the way the CLI finds one: on the TEST_DATABASE_URL server when set,
 * otherwise the embedded database in a data folder on disk.
 */
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

const open = () => connectDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'db') });

async function waitingOrderId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('delivery_orders')
    .select('id')
    .where('approved', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-broker-'));
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const db = await open();
  try {
    await migrateToLatest(db);
    await seedDemoData(db, localStorage(path.join(dataDir, 'files')), { shipmentsPerCompany: 40 });
  } finally {
    await db.destroy();
  }
});
afterAll(async () => {
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe('runBrokerCommand', () => {
  it('lists the orders waiting, approves one once, and records the broker’s approval', async () => {
    const db = await open();
    try {
      const id = await waitingOrderId(db);
      const listed = await runBrokerCommand(db, ['delivery-orders']);
      expect(listed.code).toBe(0);
      expect(listed.lines.some((line) => line.startsWith(`${id}\t`))).toBe(true);

      expect(await runBrokerCommand(db, ['approve-delivery-order', String(id)])).toEqual({
        code: 0,
        lines: [`Delivery order ${id} is approved.`],
      });
      expect(await runBrokerCommand(db, ['approve-delivery-order', String(id)])).toEqual({
        code: 0,
        lines: [`Delivery order ${id} was approved already.`],
      });
      const order = await db
        .selectFrom('delivery_orders')
        .select(['approved', 'approved_at', 'shipment_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(order.approved).toBe(true);
      expect(order.approved_at).not.toBeNull();
      const activity = await db
        .selectFrom('shipment_activity')
        .select(['user_id', 'detail'])
        .where('shipment_id', '=', order.shipment_id)
        .where('action', '=', SHIPMENT_ACTIVITY.deliveryOrderApproved)
        .execute();
      expect(activity).toContainEqual({ user_id: null, detail: { delivery_order_id: id, by: 'broker' } });
      const after = await runBrokerCommand(db, ['delivery-orders']);
      expect(after.lines.some((line) => line.startsWith(`${id}\t`))).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('lists the changes to users, newest first, with who made them', async () => {
    const db = await open();
    try {
      expect(await runBrokerCommand(db, ['user-changes'])).toEqual({ code: 0, lines: ['No user has been changed.'] });
      const [primary, viewer] = await Promise.all(
        ['primary@demo.test', 'viewer@demo.test'].map((email) =>
          db.selectFrom('users').select(['id', 'company_id']).where('email', '=', email).executeTakeFirstOrThrow(),
        ),
      );
      await subusersRepository.recordChange(db, {
        companyId: viewer!.company_id,
        userId: viewer!.id,
        userEmail: 'viewer@demo.test',
        changedBy: primary!.id,
        action: 'update',
        detail: { accounts_unlinked: ['40002'] },
      });
      const listed = await runBrokerCommand(db, ['user-changes']);
      expect(listed.code).toBe(0);
      expect(listed.lines[0]).toBe('when\tcompany\tuser\tby\taction\tdetail');
      expect(listed.lines[1]).toMatch(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z\tDemo Imports LLC\tviewer@demo\.test\tprimary@demo\.test\tupdate\t\{"accounts_unlinked":\["40002"\]\}$/,
      );
    } finally {
      await db.destroy();
    }
  });

  it('refuses unknown orders and commands', async () => {
    const db = await open();
    try {
      expect(await runBrokerCommand(db, ['approve-delivery-order', '2000000'])).toEqual({
        code: 1,
        lines: ['There is no delivery order 2000000.'],
      });
      expect((await runBrokerCommand(db, ['approve-delivery-order', 'x'])).code).toBe(2);
      expect(await runBrokerCommand(db, ['approve'])).toEqual({ code: 2, lines: [USAGE] });
      expect(await runBrokerCommand(db, [])).toEqual({ code: 2, lines: [USAGE] });
    } finally {
      await db.destroy();
    }
  });
});

describe('payment-instructions', () => {
  it('shows the instructions, replaces them from a file, and refuses a file that is not a set', async () => {
    const db = await open();
    try {
      const shown = await runBrokerCommand(db, ['payment-instructions', 'show']);
      expect(shown.code).toBe(0);
      expect(JSON.parse(shown.lines.join('\n'))).toEqual(DEMO_PAYMENT_INSTRUCTIONS);

      const changed = {
        ...DEMO_PAYMENT_INSTRUCTIONS,
        quick_pay: { recipient: 'Harbor Pay LLC', email: 'zelle@harbor.example' },
      };
      const file = path.join(dataDir, 'instructions.json');
      await writeFile(file, JSON.stringify(changed));
      expect(await runBrokerCommand(db, ['payment-instructions', 'set', file])).toEqual({
        code: 0,
        lines: ['The payment instructions are set.'],
      });
      const after = await runBrokerCommand(db, ['payment-instructions', 'show']);
      expect(JSON.parse(after.lines.join('\n'))).toEqual(changed);

      await writeFile(file, JSON.stringify({ ...changed, check_image_emails: ['one@x.example'] }));
      const refused = await runBrokerCommand(db, ['payment-instructions', 'set', file]);
      expect(refused.code).toBe(1);
      expect(refused.lines.join('\n')).toContain('check_image_emails');
      await writeFile(file, '{not json');
      expect((await runBrokerCommand(db, ['payment-instructions', 'set', file])).lines).toEqual([
        `${file} is not JSON.`,
      ]);
      expect((await runBrokerCommand(db, ['payment-instructions', 'set', path.join(dataDir, 'none.json')])).code).toBe(
        1,
      );
      expect((await runBrokerCommand(db, ['payment-instructions', 'set'])).code).toBe(2);
      expect(JSON.parse((await runBrokerCommand(db, ['payment-instructions', 'show'])).lines.join('\n'))).toEqual(
        changed,
      );
    } finally {
      await db.destroy();
    }
  });
});

describe('the broker command', () => {
  it('approves an order in the data folder or DATABASE_URL, as `npm run broker` runs it', async () => {
    let db = await open();
    const id = await waitingOrderId(db).finally(() => db.destroy());
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', INIT_CWD: apiDir };
    const { stdout } = await run(tsx, ['src/cli/broker.ts', 'approve-delivery-order', String(id)], {
      cwd: apiDir,
      env,
    });
    expect(stdout).toBe(`Delivery order ${id} is approved.\n`);

    db = await open();
    try {
      const order = await db
        .selectFrom('delivery_orders')
        .select('approved')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(order.approved).toBe(true);
    } finally {
      await db.destroy();
    }
    await expect(run(tsx, ['src/cli/broker.ts', 'nonsense'], { cwd: apiDir, env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run broker'),
    });
  });
});

describe('api-keys', () => {
  it('makes a key shown once and stored only hashed, lists it by its prefix, and revokes it', async () => {
    const db = await open();
    try {
      const made = await runBrokerCommand(db, ['api-keys', 'create', 'Customs system']);
      expect(made.code).toBe(0);
      const [announce, key] = made.lines;
      const id = Number(/^API key (\d+) is made/.exec(announce!)?.[1]);
      expect(id).toBeGreaterThan(0);
      expect(key).toMatch(/^cpk_[\w-]{43}$/);

      const stored = await db.selectFrom('broker_api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.key_hash).toBe(createHash('sha256').update(key!).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(key!.slice(10));
      expect(await apiKeysRepository.findLive(db, key!)).toEqual({ id, name: 'Customs system' });

      const listed = await runBrokerCommand(db, ['api-keys', 'list']);
      expect(listed.lines[0]).toBe('id\tname\tkey\tcreated\trevoked');
      const line = listed.lines.find((each) => each.startsWith(`${id}\t`));
      expect(line).toMatch(new RegExp(`^${id}\\tCustoms system\\t${key!.slice(0, 10)}…\\t[\\d-]+T[\\d:.]+Z\\t$`));
      expect(listed.lines.join('\n')).not.toContain(key);

      expect(await runBrokerCommand(db, ['api-keys', 'revoke', String(id)])).toEqual({
        code: 0,
        lines: [`API key ${id} is revoked.`],
      });
      expect(await runBrokerCommand(db, ['api-keys', 'revoke', String(id)])).toEqual({
        code: 0,
        lines: [`API key ${id} was revoked already.`],
      });
      expect(await apiKeysRepository.findLive(db, key!)).toBeUndefined();
      const relisted = await runBrokerCommand(db, ['api-keys', 'list']);
      expect(relisted.lines.find((each) => each.startsWith(`${id}\t`))).toMatch(/\t[\d-]+T[\d:.]+Z$/);
    } finally {
      await db.destroy();
    }
  });

  it('refuses unknown keys and incomplete commands', async () => {
    const db = await open();
    try {
      expect(await runBrokerCommand(db, ['api-keys', 'revoke', '2000000'])).toEqual({
        code: 1,
        lines: ['There is no API key 2000000.'],
      });
      expect((await runBrokerCommand(db, ['api-keys', 'revoke', 'x'])).code).toBe(2);
      expect(await runBrokerCommand(db, ['api-keys', 'create'])).toEqual({ code: 2, lines: [USAGE] });
      expect(await runBrokerCommand(db, ['api-keys', 'create', ' '])).toEqual({ code: 2, lines: [USAGE] });
      expect(await runBrokerCommand(db, ['api-keys'])).toEqual({ code: 2, lines: [USAGE] });
    } finally {
      await db.destroy();
    }
  });
});
