import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitingOrderId } from '../../test/delivery-order-fixtures.ts';
import { copySeededDemo } from '../../test/seeded-template.ts';
import { connectDatabase } from '../db/connect.ts';
import { SHIPMENT_ACTIVITY } from '../modules/activity/shipment-activity.repository.ts';
import { subusersRepository } from '../modules/subusers/subusers.repository.ts';
import { DEMO_PAYMENT_INSTRUCTIONS } from '../seed/demo-billing.ts';
import { apiKeysRepository } from '../modules/access/api-keys.repository.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '@clearport/contract/storable-text';
import { IMPORT_EXIT, runBrokerCommand, USAGE } from './broker.ts';
import { bundled } from '../../test/source-bundle.ts';

const run = promisify(execFile);
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A copy of the run's seeded demo where the CLI finds one: on the TEST_DATABASE_URL server when set,
 * otherwise the embedded database in a data folder on disk.
 */
let dataDir: string;
let databaseUrl: string | undefined;
let removeCopy: () => Promise<void>;

const open = () => connectDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'db') });

beforeAll(async () => {
  const copy = await copySeededDemo(inject('seededTemplate'), 'clearport-broker-', process.env.TEST_DATABASE_URL);
  ({ dataDir, databaseUrl, remove: removeCopy } = copy);
});
afterAll(() => removeCopy());

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
      // Number() reads 0x1 and 1e0 as 1, and the last is past PostgreSQL's integers.
      for (const id of ['x', '0x1', '1e0', '99999999999']) {
        expect(await runBrokerCommand(db, ['approve-delivery-order', id])).toEqual({
          code: 2,
          lines: [`Not a delivery order id: ${id}`, USAGE],
        });
      }
      expect(await runBrokerCommand(db, ['approve'])).toEqual({
        code: 2,
        lines: ['Not a complete command: approve. Its form is in the list below.', USAGE],
      });
      expect(await runBrokerCommand(db, [])).toEqual({ code: 2, lines: ['Name a command.', USAGE] });
      expect(await runBrokerCommand(db, ['--help'])).toEqual({ code: 0, lines: [USAGE] });
      expect(await runBrokerCommand(db, ['help'])).toEqual({ code: 0, lines: [USAGE] });
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
      await writeFile(
        file,
        Buffer.from(
          JSON.stringify({ ...changed, bank_transfer: { ...changed.bank_transfer, bank_name: 'Société Générale' } }),
          'latin1',
        ),
      );
      expect(await runBrokerCommand(db, ['payment-instructions', 'set', file])).toEqual({
        code: 1,
        lines: [`${file} is not UTF-8 text: save it as UTF-8.`],
      });
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
    const { stdout } = await run(process.execPath, [...bundled('cli/broker'), 'approve-delivery-order', String(id)], {
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
    await expect(
      run(process.execPath, [...bundled('cli/broker'), 'nonsense'], { cwd: apiDir, env }),
    ).rejects.toMatchObject({
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
      const usedAt = new Date();
      expect(await apiKeysRepository.findLive(db, key!, usedAt)).toEqual({
        id,
        name: 'Customs system',
        scopes: ['records', 'events', 'files'],
        // Not used yet: its first call of the hour writes the use event (decision 0042).
        useEventAt: null,
      });

      const listed = await runBrokerCommand(db, ['api-keys', 'list']);
      expect(listed.lines[0]).toBe('id\tname\tkey\tscopes\tcreated\texpires\tlast used\trevoked');
      const line = listed.lines.find((each) => each.startsWith(`${id}\t`));
      expect(line).toMatch(
        new RegExp(
          `^${id}\\tCustoms system\\t${key!.slice(0, 10)}…\\trecords,events,files\\t[\\d-]+T[\\d:.]+Z\\t\\t${usedAt.toISOString()}\\t$`,
        ),
      );
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

  it('makes a key with the scopes and the expiry asked for, and refuses an expiry past or unreadable', async () => {
    const db = await open();
    try {
      const made = await runBrokerCommand(db, [
        'api-keys',
        'create',
        'Admin console',
        '--scopes',
        'admin,events',
        '--expires',
        '2099-06-30',
      ]);
      expect(made.lines[0]).toMatch(/^API key \d+ is made \(admin, events\)/);
      const before = await apiKeysRepository.list(db);
      const [key] = before;
      expect(key).toMatchObject({ name: 'Admin console', scopes: ['admin', 'events'] });
      expect(key!.expires_at?.toISOString()).toBe('2099-06-30T00:00:00.000Z');
      expect(await apiKeysRepository.findLive(db, made.lines[1]!, new Date('2099-06-30T00:00:00Z'))).toBeUndefined();

      const past = await runBrokerCommand(db, ['api-keys', 'create', 'Old', '--expires', '2020-01-01']);
      expect(past).toEqual({ code: 1, lines: ['expires_at: must lie in the future'] });
      // Not a day, a day the calendar has not (rolled over to March 2 before), a time without its zone.
      for (const value of ['soon', '2099-02-30', '2099-06-30T12:00:00']) {
        const unreadable = await runBrokerCommand(db, ['api-keys', 'create', 'Old', '--expires', value]);
        expect(unreadable.code).toBe(2);
        expect(unreadable.lines[0]).toBe(`Not a date: ${value} (2027-06-30, or 2027-06-30T12:00:00Z).`);
      }
      const scope = await runBrokerCommand(db, ['api-keys', 'create', 'Old', '--scopes', 'records,everything']);
      expect(scope.lines[0]).toBe('Not a scope: everything. Scopes: records, events, files, admin.');
      expect(await apiKeysRepository.list(db)).toHaveLength(before.length);
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
      for (const id of ['x', '0x1', '1e0', '99999999999']) {
        expect(await runBrokerCommand(db, ['api-keys', 'revoke', id])).toEqual({
          code: 2,
          lines: [`Not an API key id: ${id}`, USAGE],
        });
      }
      expect(await runBrokerCommand(db, ['api-keys', 'create'])).toEqual({
        code: 2,
        lines: ['Not a complete command: api-keys create. Its form is in the list below.', USAGE],
      });
      expect((await runBrokerCommand(db, ['api-keys', 'create', ' '])).code).toBe(2);
      // A name as the admin API takes it, the options each once and named.
      for (const [args, told] of [
        [['line1\nline2'], 'NAME contains a line break; it must be one line.'],
        [['x'.repeat(101)], 'NAME must be at most 100 characters.'],
        [['Customs', 'extra'], 'Not an option of api-keys create: extra'],
        [['Customs', '--scopes', 'admin', '--scopes', 'records'], '--scopes is given twice.'],
      ] as const) {
        expect(await runBrokerCommand(db, ['api-keys', 'create', ...args])).toEqual({ code: 2, lines: [told, USAGE] });
      }
      expect(await runBrokerCommand(db, ['api-keys'])).toEqual({
        code: 2,
        lines: ['Not a complete command: api-keys. Its form is in the list below.', USAGE],
      });
    } finally {
      await db.destroy();
    }
  });
});

describe('the import command', () => {
  /** Runs `import FILE` as `npm run broker` does: its exit code and what it printed. */
  async function runImport(file: string): Promise<{ code: number; output: string }> {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', INIT_CWD: apiDir };
    try {
      const { stdout, stderr } = await run(process.execPath, [...bundled('cli/broker'), 'import', file], {
        cwd: apiDir,
        env,
      });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  }

  async function fileNumbers(prefix: string): Promise<string[]> {
    const db = await open();
    try {
      const rows = await db
        .selectFrom('shipments')
        .select('file_number')
        .where('file_number', 'like', `${prefix}%`)
        .orderBy('file_number')
        .execute();
      return rows.map((row) => row.file_number);
    } finally {
      await db.destroy();
    }
  }

  it('refuses a line it cannot store or read by its number and field, imports every other line, and prints the summary', async () => {
    const shipment = (number: number, changes: object = {}) =>
      JSON.stringify({
        kind: 'shipment',
        file_number: `CLI-${String(number).padStart(3, '0')}`,
        account_no: '40001',
        status: 'submitted',
        ...changes,
      });
    // The bad lines sit among the first batch's records, which share one transaction.
    const lines = Array.from({ length: 250 }, (_, index) => shipment(index + 1));
    lines[49] = shipment(50, { vessel_name: 'Ever\u0000Given' });
    lines[50] = shipment(51, { origin: 'Shanghai \ud800' });
    lines[51] = shipment(52, { tracking: { note: '\udc00' } });
    lines[52] = '{"kind":"shipment","file_number":';
    lines[53] = shipment(54, { vessel_name: 'Ever Given' }).replace(' ', '\u0000');
    const file = path.join(dataDir, 'with-bad-lines.ndjson');
    await writeFile(file, `${lines.join('\n')}\n`);

    const result = await runImport(file);
    expect(result.code).toBe(IMPORT_EXIT.someRefused);
    expect(result.output).not.toMatch(/\n\s+at /);
    expect(result.output.trimEnd().split('\n')).toEqual([
      'created 245, updated 0, unchanged 0, refused 5',
      `  line 50 (shipment:CLI-050): vessel_name: ${UNSTORABLE_TEXT_MESSAGE}`,
      `  line 51 (shipment:CLI-051): origin: ${UNSTORABLE_TEXT_MESSAGE}`,
      `  line 52 (shipment:CLI-052): tracking.note: ${UNSTORABLE_TEXT_MESSAGE}`,
      '  line 53: not a JSON record',
      '  line 54: not a JSON record',
    ]);
    const imported = await fileNumbers('CLI-');
    expect(imported).toHaveLength(245);
    expect(imported).toContain('CLI-049');
    expect(imported).toContain('CLI-055');
    expect(imported).not.toContain('CLI-050');

    const good = path.join(dataDir, 'good.ndjson');
    await writeFile(good, `${lines.slice(0, 49).join('\n')}\n`);
    expect(await runImport(good)).toEqual({
      code: IMPORT_EXIT.allImported,
      output: 'created 0, updated 0, unchanged 49, refused 0\n',
    });
    expect(await runImport(path.join(dataDir, 'none.ndjson'))).toMatchObject({ code: IMPORT_EXIT.cannotRun });
  }, 300_000);

  it('refuses a CSV cell it cannot store on its line, and imports the other rows', async () => {
    const file = path.join(dataDir, 'shipments.csv');
    await writeFile(
      file,
      'file_number,account_no,status,vessel_name\n' +
        'CLI-CSV-1,40001,submitted,Ever Given\n' +
        'CLI-CSV-2,40001,submitted,Ever\u0000Given\n' +
        'CLI-CSV-3,40001,submitted,Maersk Ohio\n',
    );
    const result = await runImport(file);
    expect(result).toEqual({
      code: IMPORT_EXIT.someRefused,
      output: `created 2, updated 0, unchanged 0, refused 1\n  line 3 (shipment:CLI-CSV-2): vessel_name: ${UNSTORABLE_TEXT_MESSAGE}\n`,
    });
    expect(await fileNumbers('CLI-CSV-')).toEqual(['CLI-CSV-1', 'CLI-CSV-3']);

    // A file that cannot be read further exits 3, the summary telling from which line.
    const broken = path.join(dataDir, 'broken.csv');
    await writeFile(broken, 'file_number,account_no,status\nCLI-CSV-4,40001,submitted\nCLI-CSV-5,"40001\n');
    const stopped = await runImport(broken);
    expect(stopped.code).toBe(IMPORT_EXIT.cannotRun);
    expect(stopped.output).toMatch(
      /^created 1, updated 0, unchanged 0, refused 0\nThe import stopped on line 3: the file cannot be read past this line: /,
    );
    expect(await fileNumbers('CLI-CSV-')).toEqual(['CLI-CSV-1', 'CLI-CSV-3', 'CLI-CSV-4']);
  }, 300_000);
});
