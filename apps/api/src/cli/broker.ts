import { STDERR_LOG } from '../lib/action.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFromEnv } from '../config.ts';
import { connectDatabase, type Db } from '../db/connect.ts';
import { DatabaseInUseError } from '../db/folder-lock.ts';
import { migrateToLatest, schemaState } from '../db/migrate.ts';
import { isDatabaseUnavailable } from '../lib/errors.ts';
import { isUtf8 } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { CalendarDate, Instant } from '@clearport/contract/calendar';
import { Id } from '@clearport/contract/http';
import { PaymentInstructionsInput } from '@clearport/contract/invoices';
import { approveDeliveryOrder } from '../modules/delivery-orders/approve-delivery-order.ts';
import { deliveryOrdersRepository } from '../modules/delivery-orders/delivery-orders.repository.ts';
import { BROKER } from '../modules/access/session-user.ts';
import { subusersRepository } from '../modules/subusers/subusers.repository.ts';
import { invoicesRepository } from '../modules/invoices/invoices.repository.ts';
import { setPaymentInstructions } from '../modules/invoices/set-payment-instructions.ts';
import { failedMessages } from '../modules/event-mail/event-mail.repository.ts';
import { retryFailedMail } from '../modules/event-mail/retry-failed-mail.ts';
import { reportMailReads } from '../modules/reports/report-mail.reads.ts';
import { retryFailedReportMail } from '../modules/reports/retry-failed-report-mail.ts';
import { apiKeysRepository } from '../modules/access/api-keys.repository.ts';
import { listSecurityEvents, type SecurityEventsFilter } from '../modules/access/security-events.ts';
import { SECURITY_EVENT_KINDS, type SecurityEventKind } from '@clearport/contract/security-events';
import { createApiKey } from '../modules/broker-admin/create-api-key.ts';
import { revokeApiKey } from '../modules/broker-admin/revoke-api-key.ts';
import { createSignInLink } from '../modules/auth/create-sign-in-link.ts';
import {
  API_KEY_SCOPES,
  CreateApiKeyRequest,
  DEFAULT_API_KEY_SCOPES,
  MailIdParams,
  type ApiKeyScope,
} from '@clearport/contract/broker-admin';
import { isRefused } from '../lib/action.ts';
import { createMailer } from '../lib/mail.ts';
import { openStorage } from '../lib/storage-config.ts';
import cliProgress from 'cli-progress';
import { importFile, summaryLines } from './broker-import.ts';
import { stat } from 'node:fs/promises';

/**
 * The broker's side, until the brokerage has its own interface:
 *   npm run broker -- approve-delivery-order ID
 *   npm run broker -- delivery-orders
 *   npm run broker -- user-changes
 *   npm run broker -- payment-instructions show | set FILE.json
 *   npm run broker -- mail failed | retry ID
 *   npm run broker -- api-keys create NAME [--scopes LIST] [--expires DATE] | list | revoke ID
 *   npm run broker -- sign-in-link EMAIL
 *   npm run broker -- import FILE
 *   npm run broker -- security-events [--company ID] [--kind KIND] [--since DATE] [--until DATE] [--limit N] [--json]
 * On DATABASE_URL, or on the embedded database of DATA_DIR (`data` in the folder npm was run
 * from, as `npm start` uses it). The embedded database serves one process: while the portal runs
 * on it, a command is refused before it opens the database (exit code 4), and the running
 * portal's admin API (/api/broker/v1/admin/) does the same through the same actions.
 */

export const USAGE = `Usage: npm run broker -- <command>

  approve-delivery-order ID   approve the delivery order, so that the client can send it
  delivery-orders             list the delivery orders waiting for approval
  user-changes                list the latest changes to client users: who changed what, when
  payment-instructions show   print the payment instructions the invoice pages show, as JSON
  payment-instructions set FILE.json
                              replace them (the portal shows them at once, no restart)
  mail failed                 list the event e-mails that could not be sent within their retries
  mail retry ID               send that e-mail again (the running server's worker sends it)
  report-mail failed          list the monthly report e-mails that could not be sent within
                              their retries: to whom, which report and month
  report-mail retry ID        send that report e-mail again (the running server's worker sends it)
  api-keys create NAME [--scopes LIST] [--expires DATE]
                              make a key for the broker API (/api/broker/v1/); it is shown once.
                              LIST: some of records,events,files,admin, comma-separated (default
                              records,events,files; admin is the administration through the
                              running portal: keys, approvals, payment instructions, mail,
                              webhooks). DATE: when it stops working (2027-06-30, at 00:00 UTC,
                              or an instant with its offset, 2027-06-30T23:59:59-04:00)
  api-keys list               list the keys: id, name, first characters, scopes, created,
                              expires, last used (to the minute), revoked
  api-keys revoke ID          refuse the key from its next call on
  sign-in-link EMAIL          make a link that signs the user of EMAIL in and opens Home (the
                              spec's token_user link): it works once, within 10 minutes, and is
                              shown this once; not for a user with a second factor
  import FILE                 write the records of FILE as the broker API would: NDJSON, one
                              record a line, or a .csv of shipments, invoices, customs entries,
                              entry lines, agency dispositions or containers' free days, told
                              by its columns (named as the records' fields; pdf_file and
                              backup_file name PDFs in the CSV's folder, a path out of it is
                              refused); prints what was created, updated, unchanged and
                              refused, with line numbers. A line refused (not JSON, a field the
                              API refuses) costs only itself. Exit code: 0 every line imported,
                              1 some lines refused and the others imported, 3 the file cannot
                              be read (a CSV's header without its key column or with a column
                              that is not a field, a CSV that breaks off) or the import stopped
                              (the database failed); the summary tells from which line
  security-events [--company ID] [--kind KIND] [--since DATE] [--until DATE] [--limit N] [--json]
                              list the security event log across companies, newest first:
                              sign-ins, sign-outs, password and e-mail changes, refused access,
                              broker key use. DATE: 2026-11-01 (from 00:00 UTC), or a time with
                              its offset (2026-11-01T12:00:00Z); --until is excluded. N: at most
                              this many (default 200, at most 10000). --json prints one JSON
                              object a line instead of the table
  help                        print this text

The database is DATABASE_URL, or the embedded one in DATA_DIR (default ./data). The embedded
database serves one process: while the portal runs on it, every command is refused and writes
nothing. Then send records to the running portal's POST /api/broker/v1/records (a key of the
records scope), use its admin API with a key of the admin scope (the README's "Administration
while the portal runs"), stop the portal, or run both on PostgreSQL.
Exit code 0: done; 1: refused (what it names is not there, or a value is wrong: the message says
which), or for import a line not written; 2: a command not understood; 3: the database cannot be
used (not reached, or of another version of the portal on PostgreSQL); 4: the embedded database is
in use by the running portal.`;

const HELP = ['help', '--help', '-h'];

/** The commands USAGE lists: another answers exit code 2 before any database is opened. */
const COMMANDS = [
  'import',
  'approve-delivery-order',
  'delivery-orders',
  'user-changes',
  'mail',
  'report-mail',
  'payment-instructions',
  'api-keys',
  'security-events',
  'sign-in-link',
];

/** Why the arguments are no command, told before the database is opened; undefined when they may be one. */
function usageError(args: readonly string[]): string | undefined {
  const [command] = args;
  if (command === undefined) return 'Name a command.';
  if (!COMMANDS.includes(command)) return `There is no command ${command}.`;
  if (command === 'import' && args.length !== 2) return 'import takes one FILE.';
  return undefined;
}

/** An e-mail id as the admin API's paths take it (event or report mail). */
const isMailId = (id: string) => MailIdParams.safeParse({ id }).success;

/** The exit code of a command refused because the running portal holds the embedded database. */
export const DATABASE_IN_USE_EXIT = 4;

/** How many of the newest user changes `user-changes` prints. */
const USER_CHANGES_SHOWN = 200;

export type BrokerResult = { code: number; lines: string[] };

/** Arguments that start a command and do not finish it (an ID left out, a word too many): said, then the list. */
function notAComplete(args: readonly string[]): BrokerResult {
  const given = args.join(' ').trim();
  return {
    code: 2,
    lines: [
      given === '' ? 'Name a command.' : `Not a complete command: ${given}. Its form is in the list below.`,
      USAGE,
    ],
  };
}

/**
 * Runs one command on the database; the exit code and what to print. `publicUrl` is where the
 * links it makes point (PUBLIC_URL).
 */
export async function runBrokerCommand(
  db: Db,
  args: readonly string[],
  { publicUrl = configFromEnv({}).publicUrl }: { publicUrl?: string } = {},
): Promise<BrokerResult> {
  const [command, ...rest] = args;
  if (command === 'approve-delivery-order' && rest.length === 1) {
    const { data: id } = Id.safeParse(rest[0]);
    if (id === undefined) return { code: 2, lines: [`Not a delivery order id: ${rest[0]}`, USAGE] };
    const result = await approveDeliveryOrder({ db }, BROKER, { orderId: id, tellsDeliveryList: true });
    if (result === 'notFound') return { code: 1, lines: [`There is no delivery order ${id}.`] };
    if (result === 'alreadyApproved') return { code: 0, lines: [`Delivery order ${id} was approved already.`] };
    return { code: 0, lines: [`Delivery order ${id} is approved.`] };
  }
  if (command === 'delivery-orders' && rest.length === 0) {
    const orders = await deliveryOrdersRepository.waitingForApproval(db);
    if (orders.length === 0) return { code: 0, lines: ['No delivery order is waiting for approval.'] };
    return {
      code: 0,
      lines: [
        'id\tentry\taccount\ttrucker\tcreated',
        ...orders.map((order) =>
          [order.id, order.file_number, order.account_no, order.trucker, order.created_at.toISOString()].join('\t'),
        ),
      ],
    };
  }
  if (command === 'user-changes' && rest.length === 0) {
    const changes = await subusersRepository.listChanges(db, USER_CHANGES_SHOWN);
    if (changes.length === 0) return { code: 0, lines: ['No user has been changed.'] };
    return {
      code: 0,
      lines: [
        'when\tcompany\tuser\tby\taction\tdetail',
        ...changes.map((change) =>
          [
            change.created_at.toISOString(),
            change.company,
            change.user_email,
            change.changed_by ?? '(deleted user)',
            change.action,
            JSON.stringify(change.detail),
          ].join('\t'),
        ),
      ],
    };
  }
  if (command === 'mail' && rest[0] === 'failed' && rest.length === 1) {
    const failed = await failedMessages(db);
    if (failed.length === 0) return { code: 0, lines: ['No e-mail has failed.'] };
    return {
      code: 0,
      lines: [
        'id\tcompany\tlist mail\tattempts\tcreated\tlast error',
        ...failed.map((mail) =>
          [mail.id, mail.company, mail.kind, mail.attempts, mail.createdAt.toISOString(), mail.lastError ?? ''].join(
            '\t',
          ),
        ),
      ],
    };
  }
  if (command === 'mail' && rest[0] === 'retry' && rest.length === 2) {
    const id = rest[1]!;
    if (!isMailId(id)) return { code: 2, lines: [`Not an e-mail id: ${id}`, USAGE] };
    if (!(await retryFailedMail({ db }, BROKER, { id })))
      return { code: 1, lines: [`There is no failed e-mail ${id}.`] };
    return { code: 0, lines: [`E-mail ${id} will be sent again.`] };
  }
  if (command === 'report-mail' && rest[0] === 'failed' && rest.length === 1) {
    const failed = await reportMailReads.failed(db);
    if (failed.length === 0) return { code: 0, lines: ['No report e-mail has failed.'] };
    return {
      code: 0,
      lines: [
        'id\tcompany\tto\treport\tmonth\tattempts\tcreated\tlast error',
        ...failed.map((mail) =>
          [
            mail.id,
            mail.company,
            mail.email,
            mail.report,
            mail.period,
            mail.attempts,
            mail.createdAt.toISOString(),
            mail.lastError ?? '',
          ].join('\t'),
        ),
      ],
    };
  }
  if (command === 'report-mail' && rest[0] === 'retry' && rest.length === 2) {
    const id = rest[1]!;
    if (!isMailId(id)) return { code: 2, lines: [`Not a report e-mail id: ${id}`, USAGE] };
    if (!(await retryFailedReportMail({ db }, BROKER, { id })))
      return { code: 1, lines: [`There is no failed report e-mail ${id}.`] };
    return { code: 0, lines: [`Report e-mail ${id} will be sent again.`] };
  }
  if (command === 'payment-instructions' && rest[0] === 'show' && rest.length === 1) {
    const instructions = await invoicesRepository.paymentInstructions(db);
    if (!instructions) return { code: 1, lines: ['No payment instructions are set.'] };
    return { code: 0, lines: [JSON.stringify(instructions, null, 2)] };
  }
  if (command === 'payment-instructions' && rest[0] === 'set' && rest.length === 2) {
    return setPaymentInstructionsFrom(db, rest[1]!);
  }
  if (command === 'api-keys') return apiKeysCommand(db, rest);
  if (command === 'security-events') return securityEventsCommand(db, rest);
  if (command === 'sign-in-link' && rest.length === 1) {
    const made = await createSignInLink({ db, publicUrl }, BROKER, { email: rest[0]! });
    if (isRefused(made)) return { code: 1, lines: [made.refusal.message] };
    return {
      code: 0,
      lines: [
        `A sign-in link for ${rest[0]!.trim()}, shown this once. It works once, until ${made.expiresAt.toISOString()}:`,
        made.url,
      ],
    };
  }
  if (HELP.includes(command ?? '') && rest.length === 0) return { code: 0, lines: [USAGE] };
  return notAComplete(args);
}

/** How many events `security-events` prints unless --limit says, and at most. */
const SECURITY_EVENTS_SHOWN = 200;
const SECURITY_EVENTS_MAX = 10_000;

/**
 * A DATE of the options: a day of the calendar (its start in UTC), or an instant with its offset;
 * nothing else (not 2026-02-30, not 1, not a time that leaves the machine's zone to guess).
 */
function instantOf(value: string): Date | undefined {
  if (CalendarDate.safeParse(value).success) return new Date(`${value}T00:00:00Z`);
  return Instant.safeParse(value).success ? new Date(value) : undefined;
}

/** `security-events`' options, or what is wrong with them. */
function securityEventsOptions(args: readonly string[]): (SecurityEventsFilter & { isJson: boolean }) | string {
  const filter: SecurityEventsFilter & { isJson: boolean } = { limit: SECURITY_EVENTS_SHOWN, isJson: false };
  for (let at = 0; at < args.length; at += 1) {
    const option = args[at];
    if (option === '--json') {
      filter.isJson = true;
      continue;
    }
    const value = args[(at += 1)];
    if (value === undefined) return `${option} needs a value.`;
    if (option === '--company' || option === '--limit') {
      const number = Number(value);
      const max = option === '--limit' ? SECURITY_EVENTS_MAX : 2_147_483_647;
      if (!/^\d+$/.test(value) || number < 1 || number > max) return `Not a number from 1 to ${max}: ${value}`;
      if (option === '--company') filter.companyId = number;
      else filter.limit = number;
    } else if (option === '--kind') {
      if (!(SECURITY_EVENT_KINDS as readonly string[]).includes(value)) {
        return `Not a kind: ${value}. Kinds: ${SECURITY_EVENT_KINDS.join(', ')}.`;
      }
      filter.kind = value as SecurityEventKind;
    } else if (option === '--since' || option === '--until') {
      const date = instantOf(value);
      if (date === undefined) return `Not a date: ${value} (2026-11-01, or 2026-11-01T12:00:00Z).`;
      if (option === '--since') filter.since = date;
      else filter.until = date;
    } else return `Not an option of security-events: ${option}`;
  }
  return filter;
}

async function securityEventsCommand(db: Db, args: readonly string[]): Promise<BrokerResult> {
  const options = securityEventsOptions(args);
  if (typeof options === 'string') return { code: 2, lines: [options, USAGE] };
  const events = await listSecurityEvents(db, options);
  if (options.isJson) return { code: 0, lines: events.map((event) => JSON.stringify(event)) };
  if (events.length === 0) return { code: 0, lines: ['No security event matches.'] };
  return {
    code: 0,
    lines: [
      'when	company	user	email	actor	kind	outcome	address	detail',
      ...events.map((event) =>
        [
          event.occurred_at.toISOString(),
          event.company_id ?? '',
          event.user_id ?? '',
          event.email ?? '',
          event.actor,
          event.kind,
          event.outcome,
          event.ip ?? '',
          JSON.stringify(event.detail),
        ].join('\t'),
      ),
    ],
  };
}

/** The options of `api-keys create` after NAME: scopes and expiry, or what is wrong with them. */
function keyOptions(args: readonly string[]): { scopes: ApiKeyScope[]; expiresAt: Date | null } | string {
  let scopes = [...DEFAULT_API_KEY_SCOPES];
  let expiresAt: Date | null = null;
  const given = new Set<string>();
  for (let at = 0; at < args.length; at += 2) {
    const [option, value] = [args[at]!, args[at + 1]];
    if (option !== '--scopes' && option !== '--expires') return `Not an option of api-keys create: ${option}`;
    if (given.has(option)) return `${option} is given twice.`;
    given.add(option);
    if (value === undefined) return `${option} needs a value.`;
    if (option === '--scopes') {
      const named = value.split(',').map((scope) => scope.trim());
      const unknown = named.find((scope) => !(API_KEY_SCOPES as readonly string[]).includes(scope));
      if (unknown !== undefined) return `Not a scope: ${unknown || '(empty)'}. Scopes: ${API_KEY_SCOPES.join(', ')}.`;
      scopes = named as ApiKeyScope[];
    } else if (option === '--expires') {
      const instant = instantOf(value);
      if (instant === undefined) return `Not a date: ${value} (2027-06-30, or 2027-06-30T12:00:00Z).`;
      expiresAt = instant;
    }
  }
  return { scopes, expiresAt };
}

async function apiKeysCommand(db: Db, args: readonly string[]): Promise<BrokerResult> {
  const [action, name, ...rest] = args;
  if (action === 'create' && name !== undefined && name.trim() !== '' && !name.startsWith('--')) {
    // The name as the admin API takes it: one line of at most 100 characters.
    const named = CreateApiKeyRequest.shape.name.safeParse(name);
    if (!named.success) return { code: 2, lines: [`NAME ${named.error.issues[0]!.message}.`, USAGE] };
    const options = keyOptions(rest);
    if (typeof options === 'string') return { code: 2, lines: [options, USAGE] };
    const made = await createApiKey({ db }, BROKER, { name: named.data, ...options });
    if (isRefused(made)) return { code: 1, lines: [made.refusal.message] };
    return {
      code: 0,
      lines: [`API key ${made.id} is made (${made.scopes.join(', ')}). It is shown this once; keep it now:`, made.key],
    };
  }
  if (action === 'list' && args.length === 1) {
    const keys = await apiKeysRepository.list(db);
    if (keys.length === 0) return { code: 0, lines: ['No API key is made.'] };
    const when = (date: Date | null) => date?.toISOString() ?? '';
    return {
      code: 0,
      lines: [
        'id\tname\tkey\tscopes\tcreated\texpires\tlast used\trevoked',
        ...keys.map((key) =>
          [
            key.id,
            key.name,
            `${key.prefix}…`,
            key.scopes.join(','),
            when(key.created_at),
            when(key.expires_at),
            when(key.last_used_at),
            when(key.revoked_at),
          ].join('\t'),
        ),
      ],
    };
  }
  if (action === 'revoke' && args.length === 2) {
    const { data: id } = Id.safeParse(name);
    if (id === undefined) return { code: 2, lines: [`Not an API key id: ${name}`, USAGE] };
    const result = await revokeApiKey({ db }, BROKER, { id });
    if (result === 'notFound') return { code: 1, lines: [`There is no API key ${id}.`] };
    if (result === 'alreadyRevoked') return { code: 0, lines: [`API key ${id} was revoked already.`] };
    return { code: 0, lines: [`API key ${id} is revoked.`] };
  }
  return notAComplete(['api-keys', ...args]);
}

async function setPaymentInstructionsFrom(db: Db, file: string): Promise<BrokerResult> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return { code: 1, lines: [`Cannot read ${file}.`] };
  }
  // Read as UTF-8, a Latin-1 é would be set as U+FFFD in the instructions every invoice shows.
  if (!isUtf8(bytes)) return { code: 1, lines: [`${file} is not UTF-8 text: save it as UTF-8.`] };
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { code: 1, lines: [`${file} is not JSON.`] };
  }
  const parsed = PaymentInstructionsInput.safeParse(json);
  if (!parsed.success) {
    return {
      code: 1,
      lines: [
        `${file} is not a set of payment instructions:`,
        ...parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`),
      ],
    };
  }
  await setPaymentInstructions({ db }, BROKER, parsed.data);
  return { code: 0, lines: ['The payment instructions are set.'] };
}

/** The exit codes of `import`, as USAGE tells them. */
export const IMPORT_EXIT = { allImported: 0, someRefused: 1, cannotRun: 3 } as const;

async function runImport(db: Db, config: ReturnType<typeof configFromEnv>, file: string): Promise<BrokerResult> {
  const size = await stat(file).then(
    (info) => (info.isFile() ? info.size : undefined),
    () => undefined,
  );
  if (size === undefined) return { code: IMPORT_EXIT.cannotRun, lines: [`Cannot read ${file}.`] };
  const quiet = { info: () => {} };
  const storage = await openStorage(config.storage, config.dataDir);
  const context = {
    db,
    log: STDERR_LOG,
    storage,
    mailer: createMailer(
      {
        from: config.mailFrom,
        smtpUrl: config.smtpUrl,
        outboxDir: path.join(config.dataDir, 'outbox'),
        replyTo: config.brokerEmail,
      },
      quiet,
    ),
    publicUrl: config.publicUrl,
  };
  // A bar on a terminal; nothing between the lines a script reads.
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar(
        { stream: process.stderr, format: 'importing [{bar}] {percentage}% | {value}/{total} bytes | {eta_formatted}' },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  bar?.start(size, 0);
  try {
    const summary = await importFile(context, file, (bytes) => bar?.update(bytes));
    const code = summary.stopped
      ? IMPORT_EXIT.cannotRun
      : summary.refused > 0
        ? IMPORT_EXIT.someRefused
        : IMPORT_EXIT.allImported;
    return { code, lines: summaryLines(summary) };
  } finally {
    bar?.stop();
    storage.close?.();
  }
}

async function main(): Promise<number> {
  // npm runs workspace scripts in the workspace's folder; a relative DATA_DIR means the folder
  // npm was started from, where `npm start` keeps its data.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const args = process.argv.slice(2);
  // Help needs no database, and none is opened for it.
  if (args.length === 1 && HELP.includes(args[0]!)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const wrong = usageError(args);
  if (wrong) {
    process.stderr.write(`${wrong}\n\n${USAGE}\n`);
    return 2;
  }
  const config = configFromEnv();
  let db: Db;
  try {
    db = await connectDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      connectTimeoutMs: config.databaseConnectTimeoutMs,
    });
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      process.stderr.write(`${error.message}\n`);
      return DATABASE_IN_USE_EXIT;
    }
    return databaseFailed(error);
  }
  try {
    const refusal = await readySchema(db, config.databaseUrl !== undefined);
    if (refusal) {
      process.stderr.write(`${refusal}\n`);
      return DATABASE_FAILED_EXIT;
    }
    const { code, lines } =
      args[0] === 'import'
        ? await runImport(db, config, args[1]!)
        : await runBrokerCommand(db, args, { publicUrl: config.publicUrl });
    // Nothing to print (--json with no match) prints no empty line.
    if (lines.length > 0) (code === 0 ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
    return code;
  } catch (error) {
    if (!isDatabaseError(error)) throw error;
    return databaseFailed(error);
  } finally {
    await db.destroy();
  }
}

const OTHER_VERSION =
  'The database is of another version of the portal than this command line: start the portal of this version on it first (its start brings the database up to date), or run the command line of the portal that serves it.';

/** The exit code of a command that could not use the database: not reached, refused, of another version. */
export const DATABASE_FAILED_EXIT = 3;

/** A failure of the database or of the way to it (not a bug of the command's): one line, no stack. */
function isDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isDatabaseUnavailable(error) || (typeof code === 'string' && SQLSTATE.test(code));
}

/** An error PostgreSQL answered (a database that does not exist, a role refused, …): its SQLSTATE. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

function databaseFailed(error: unknown): number {
  process.stderr.write(`The database cannot be used: ${error instanceof Error ? error.message : String(error)}\n`);
  return DATABASE_FAILED_EXIT;
}

/**
 * Brings a new database to this build's schema; one of another version is left to the portal's
 * server, which migrates it when it starts. On PostgreSQL the server may be running beside the
 * command, built from older sources, and a migration would change the tables under it; the
 * embedded database is this command's alone while it runs, and the next `npm start` builds the
 * server of the same sources.
 */
async function readySchema(db: Db, isShared: boolean): Promise<string | undefined> {
  const state = await schemaState(db);
  if (state === 'current') return undefined;
  if (state === 'other' && isShared) return OTHER_VERSION;
  try {
    await migrateToLatest(db);
  } catch (error) {
    // A newer portal's database: its migrations are not this build's to undo.
    if (state === 'other' && !isDatabaseError(error)) return OTHER_VERSION;
    throw error;
  }
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // A reader that stops early (`| head`) closes the pipe: the rest is not wanted, and no error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = await main();
}
