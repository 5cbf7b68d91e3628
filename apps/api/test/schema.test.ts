import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { STATEMENT_TRIGGER_WORK_MEM } from '../src/db/migrations/0055-statement-triggers-narrow.ts';
import { apiDir } from './server-process.ts';
import { schemaSnapshot } from './schema-snapshot.ts';

/**
 * The company leads every table's keys and every query's filter (docs/decisions/0041-deployment.md),
 * so the data can be sharded by company later. Checked over the committed SQL: the schema the
 * migrations make (test/snapshots/schema.sql, written again with `npx vitest run test/schema.test.ts -u`)
 * and the queries' snapshots (src/modules/x/__snapshots__/x.sql).
 */

const SNAPSHOT = path.join(apiDir, 'test/snapshots/schema.sql');
const TENANT_COLUMN = 'company_id';
/** An account belongs to one company for good: a table keyed by account is the company's data. */
const ACCOUNT_COLUMN = 'account_id';

/** Tables that belong to the brokerage or to no company: never sharded, kept whole on every shard or beside them. */
const GLOBAL_TABLES: Record<string, string> = {
  companies: 'the tenants themselves: the shard map is read from it',
  kysely_migration: 'the migrations applied: every shard runs the same ones',
  kysely_migration_lock: 'the migrations’ lock row',
  broker_api_keys: 'the brokerage’s keys, over every company',
  payment_instructions: 'one row of the brokerage’s bank details, shown to every company',
  webhook_endpoints: 'the brokerage’s receivers of the change feed of every company',
  webhook_deliveries: 'the brokerage’s deliveries of the change feed, by endpoint',
  login_throttle: 'counts by user name and address before anyone is known: no company yet',
  login_known_clients: 'by user name before the login: no company yet',
};

/**
 * Tables without a tenant column whose rows hang under a row of a tenant table: they live on their
 * parent's shard, found through the parent's key; sharding gives them company_id and leads their keys with it.
 */
const CHILD_TABLES: Record<string, string> = {
  bills_of_lading: 'shipments',
  containers: 'shipments',
  container_free_days: 'containers',
  container_lfd_changes: 'containers',
  container_reminders: 'containers',
  customs_entry_dispositions: 'customs_entries',
  customs_entry_disposition_history: 'customs_entries',
  delivery_orders: 'shipments',
  delivery_order_bills: 'delivery_orders',
  delivery_order_containers: 'delivery_orders',
  document_types: 'shipments',
  documents: 'shipments',
  entry_approvals: 'customs_entries',
  login_challenges: 'users',
  mail_events: 'mail_messages',
  password_resets: 'users',
  report_mail: 'report_subscriptions',
  report_subscriptions: 'users',
  request_keys: 'shipments',
  sessions: 'users',
  shipment_activity: 'shipments',
  shipment_notes: 'shipments',
  shipment_search_texts: 'shipments',
  sign_in_links: 'users',
  trucker_emails: 'truckers',
  upload_counts: 'users',
  user_recovery_codes: 'users',
  user_second_factors: 'users',
  warehouse_emails: 'warehouses',
};

const SURROGATE_ID = 'the row’s id, unique across companies: sharding makes the key (company_id, id)';
const BY_ACCOUNT = 'led by the account, which narrows one company’s rows: sharding puts company_id in front';
const BY_PARENT = 'led by a parent row of the same company: sharding puts company_id in front';
const BROKERAGE_WIDE =
  'read across every company by the brokerage (its feed, workers or file sweep): each shard keeps its own';
const WHOLE_TABLE_SEARCH =
  'a search of the whole table, the account checked on the few rows it finds: each shard keeps its own';
const UNIQUE_ACROSS =
  'unique across the brokerage (its identifier, or a login that precedes the company): a lookup table beside the shards keeps it';

/** The keys of tenant tables that do not lead with company_id, and why. A key fixed is taken off. */
const KEY_EXCEPTIONS: Record<string, Record<string, string>> = {
  account_invoice_totals: { account_invoice_totals_pkey: BY_ACCOUNT },
  accounts: { accounts_pkey: SURROGATE_ID, accounts_account_no_key: UNIQUE_ACROSS },
  broker_events: { broker_events_pkey: SURROGATE_ID, broker_events_feed_idx: BROKERAGE_WIDE },
  customs_entries: {
    customs_entries_pkey: SURROGATE_ID,
    customs_entries_entry_number_key: UNIQUE_ACROSS,
    customs_entries_release_idx: BY_ACCOUNT,
    customs_entries_shipment_idx: BY_PARENT,
  },
  customs_entry_lines: { customs_entry_lines_pkey: BY_PARENT },
  entry_rollups: { entry_rollups_pkey: BY_ACCOUNT },
  invoice_rollups: { invoice_rollups_pkey: BY_ACCOUNT },
  invoice_unpaid_days: { invoice_unpaid_days_pkey: BY_ACCOUNT },
  line_rollups: { line_rollups_pkey: BY_ACCOUNT },
  release_rollups: { release_rollups_pkey: BY_ACCOUNT },
  shipment_counts: { shipment_counts_pkey: BY_ACCOUNT },
  shipment_free_days: { shipment_free_days_pkey: BY_ACCOUNT },
  invoices: {
    invoices_pkey: SURROGATE_ID,
    invoices_backup_idx: BROKERAGE_WIDE,
    invoices_path_idx: BROKERAGE_WIDE,
    invoices_shipment_idx: BY_PARENT,
    invoices_list_created_idx: BY_ACCOUNT,
    invoices_list_id_idx: BY_ACCOUNT,
    invoices_search_idx: BY_ACCOUNT,
    invoices_search_digits_idx: WHOLE_TABLE_SEARCH,
    invoices_sort_amount_idx: BY_ACCOUNT,
    invoices_sort_container_idx: BY_ACCOUNT,
    invoices_sort_due_date_idx: BY_ACCOUNT,
    invoices_sort_file_number_idx: BY_ACCOUNT,
    invoices_sort_master_bill_idx: BY_ACCOUNT,
    invoices_sort_number_idx: BY_ACCOUNT,
    invoices_sort_paid_idx: BY_ACCOUNT,
    invoices_sort_reference_idx: BY_ACCOUNT,
    invoices_unpaid_due_idx: BY_ACCOUNT,
  },
  mail_messages: {
    mail_messages_pkey: SURROGATE_ID,
    mail_messages_failed: BROKERAGE_WIDE,
    mail_messages_queued: BROKERAGE_WIDE,
  },
  notification_emails: { notification_emails_pkey: SURROGATE_ID },
  notifications: { notifications_pkey: SURROGATE_ID },
  security_events: { security_events_pkey: SURROGATE_ID, security_events_time_idx: BROKERAGE_WIDE },
  shipments: {
    shipments_pkey: SURROGATE_ID,
    shipments_file_number_key: UNIQUE_ACROSS,
    shipments_path_to_7501_idx: BROKERAGE_WIDE,
    shipments_awaiting_approval_idx: BY_ACCOUNT,
    shipments_filter_7501_review_idx: BY_ACCOUNT,
    shipments_filter_agency_hold_idx: BY_ACCOUNT,
    shipments_filter_before_summary_idx: BY_ACCOUNT,
    shipments_filter_cbp_hold_idx: BY_ACCOUNT,
    shipments_filter_entry_port_idx: BY_ACCOUNT,
    shipments_filter_entry_type_idx: BY_ACCOUNT,
    shipments_filter_fda_hold_idx: BY_ACCOUNT,
    shipments_filter_without_do_idx: BY_ACCOUNT,
    shipments_free_day_eta_idx: BY_ACCOUNT,
    shipments_list_eta_idx: BY_ACCOUNT,
    shipments_list_id_idx: BY_ACCOUNT,
    shipments_list_status_idx: BY_ACCOUNT,
    shipments_sort_container_idx: BY_ACCOUNT,
    shipments_sort_fda_status_idx: BY_ACCOUNT,
    shipments_sort_file_number_idx: BY_ACCOUNT,
    shipments_sort_house_bill_idx: BY_ACCOUNT,
    shipments_sort_master_bill_idx: BY_ACCOUNT,
    shipments_sort_reference_idx: BY_ACCOUNT,
    shipments_sort_status_idx: BY_ACCOUNT,
  },
  truckers: { truckers_pkey: SURROGATE_ID },
  user_accounts: { user_accounts_pkey: BY_PARENT, user_accounts_account_idx: BY_ACCOUNT },
  user_changes: {
    user_changes_pkey: SURROGATE_ID,
    user_changes_changed_by_idx: BY_PARENT,
    user_changes_user_idx: BY_PARENT,
  },
  users: { users_pkey: SURROGATE_ID, users_email_key: UNIQUE_ACROSS },
  warehouses: { warehouses_pkey: SURROGATE_ID },
};

type Key = { name: string; columns: string[] };
type Table = { name: string; columns: string[]; keys: Key[] };

/** The elements of a parenthesised list, split at its top-level commas. */
function listAt(text: string, open: number): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if ((char === ',' && depth === 1) || depth === 0) {
      items.push(text.slice(start, index).trim());
      start = index + 1;
    }
    if (depth === 0) break;
  }
  return items;
}

/** The column an element of a key names (`account_id DESC`, `((company_id)::bigint)`), or the expression itself. */
function columnOf(element: string): string {
  const match = /^\(*([a-z_][a-z0-9_]*)\)*(::[a-z ]+\))?(\s|$)/.exec(element);
  return match ? match[1]! : element;
}

function tablesOf(snapshot: string): Table[] {
  return snapshot
    .trim()
    .split('\n\n')
    .map((block) => {
      const name = /^CREATE TABLE (\w+) \(/.exec(block)![1]!;
      const columns = [...block.matchAll(/^ {2}(\w+) /gm)].map((match) => match[1]!);
      const keys: Key[] = [];
      for (const line of block.split('\n')) {
        const constraint =
          /^ALTER TABLE \w+ ADD CONSTRAINT (\w+) (?:PRIMARY KEY|UNIQUE(?: NULLS NOT DISTINCT)?) \(/.exec(line);
        const index = /^CREATE (?:UNIQUE )?INDEX (\w+) ON \S+ USING \w+ \(/.exec(line);
        const match = constraint ?? index;
        if (match) keys.push({ name: match[1]!, columns: listAt(line, match[0].length - 1).map(columnOf) });
      }
      return { name, columns, keys };
    });
}

describe('a fresh database, migrated', () => {
  let db: Db;
  beforeAll(async () => {
    db = await connectDatabase({});
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('has the schema of the snapshot', async () => {
    await expect(await schemaSnapshot(db)).toMatchFileSnapshot(SNAPSHOT);
  });

  it('runs every statement trigger with the memory of a large statement and without JIT (migration 0055)', async () => {
    const { rows } = await sql<{ name: string; settings: string[] | null }>`
      SELECT DISTINCT p.proname AS name, p.proconfig AS settings
      FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE t.tgoldtable IS NOT NULL OR t.tgnewtable IS NOT NULL
      ORDER BY 1`.execute(db);
    expect(rows.map((row) => row.name)).toContain('follow_moved_shipments');
    const expected = [`work_mem=${STATEMENT_TRIGGER_WORK_MEM}`, 'jit=off'];
    const without = rows.filter((row) => !expected.every((setting) => row.settings?.includes(setting)));
    expect(without).toEqual([]);
  });
});

describe('the company leads', () => {
  it('every key of every tenant table, or the key is an exception with its reason', async () => {
    const tables = tablesOf(await readFile(SNAPSHOT, 'utf8'));
    const unclassified = tables
      .filter((table) => !table.columns.includes(TENANT_COLUMN) && !table.columns.includes(ACCOUNT_COLUMN))
      .map((table) => table.name)
      .filter((name) => !(name in GLOBAL_TABLES) && !(name in CHILD_TABLES));
    // A new table without company_id is either the brokerage's (GLOBAL_TABLES) or under a tenant row (CHILD_TABLES).
    expect(unclassified).toEqual([]);

    const tableNames = new Set(tables.map((table) => table.name));
    for (const parent of Object.values(CHILD_TABLES)) expect(tableNames).toContain(parent);

    const notLed: Record<string, Record<string, string>> = {};
    for (const table of tables) {
      if (table.name in GLOBAL_TABLES || table.name in CHILD_TABLES) continue;
      for (const key of table.keys) {
        if (key.columns[0] === TENANT_COLUMN) continue;
        notLed[table.name] ??= {};
        notLed[table.name]![key.name] = KEY_EXCEPTIONS[table.name]?.[key.name] ?? `led by ${key.columns[0]}`;
      }
    }
    // A key led by something else than company_id fails here until it is listed with its reason.
    expect(notLed).toEqual(KEY_EXCEPTIONS);
  });

  it('finds the leading column of keys as PostgreSQL prints them', () => {
    const [table] = tablesOf(
      [
        'CREATE TABLE t (',
        '  id integer NOT NULL,',
        '  company_id integer NOT NULL',
        ');',
        'ALTER TABLE t ADD CONSTRAINT t_pkey PRIMARY KEY (company_id, id);',
        'CREATE INDEX t_search ON public.t USING gin (((company_id)::bigint), search_text gin_trgm_ops);',
        'CREATE UNIQUE INDEX t_email ON public.t USING btree (lower(email));',
        'CREATE INDEX t_recent ON public.t USING btree (created_at DESC, id) WHERE (company_id IS NOT NULL);',
      ].join('\n'),
    );
    expect(table!.keys.map((key) => [key.name, key.columns[0]])).toEqual([
      ['t_pkey', 'company_id'],
      ['t_search', 'company_id'],
      ['t_email', 'lower(email)'],
      ['t_recent', 'created_at'],
    ]);
  });

  it('every committed query snapshot filters by the company', async () => {
    const modules = path.join(apiDir, 'src/modules');
    const files = (await readdir(modules, { recursive: true }))
      .filter((file) => file.includes('__snapshots__') && file.endsWith('.sql'))
      .map((file) => path.join(modules, file));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const query = await readFile(file, 'utf8');
      expect(query, path.relative(apiDir, file)).toMatch(/WHERE[\s\S]*"?company_id"? = \$\d+/i);
    }
  });
});
