import { z } from 'zod';
import {
  CalendarDate,
  Instant,
  isRecordDay,
  RECORD_YEARS,
  RECORD_YEARS_MESSAGE,
  RecordDate,
  RecordInstant,
} from './calendar.ts';
import { BROKER_KEY_MAX_LENGTH, REFERENCE_MAX_LENGTH } from './constants.ts';
import {
  AGENCY_CODES,
  BOND_TYPES,
  DISPOSITION_CODES,
  ENTRY_MODES,
  ENTRY_NUMBER_PATTERN,
  ENTRY_TYPE_CODES,
  entryCheckDigit,
  HTS_NUMBER_PATTERN,
  isValidEntryNumber,
  LIQUIDATION_STATUSES,
} from './customs-entry.ts';
import { RateTiers } from './free-days.ts';
import { CcEmails, Email, fromDigits, wholeNumber } from './http.ts';
import { Amount } from './invoices.ts';
import { isTimestampText } from './list-cursor.ts';
import { oneLineText, plainText } from './plain-text.ts';
import { DEMURRAGE_REMINDER_DAYS, NOTIFICATION_LISTS } from './settings.ts';
import { SHIPMENT_STATUSES } from './statuses.ts';

/**
 * The brokerage's ingestion API (`/api/broker/v1/`, API keys, never a customer's session):
 * batches of records keyed by the broker's own identifiers, each answered on its own
 * (docs/decisions/0018-broker-api.md).
 */
export const BROKER_API_BASE = '/api/broker';

/** Paths relative to BROKER_API_BASE. */
export const BROKER_API_PATHS = {
  records: '/v1/records',
  events: '/v1/events',
  /** A stored file, by the key an event names; `*` is the key. */
  file: '/v1/files/*',
} as const;

/** The download address of a stored file for the broker, as the change feed gives it. */
export const brokerFilePath = (key: string) =>
  `${BROKER_API_BASE}${BROKER_API_PATHS.file.replace('*', key.split('/').map(encodeURIComponent).join('/'))}`;

/** A batch carries at most this many records; more answers 413. */
export const MAX_BATCH_RECORDS = 1000;
/** A batch's body is at most this many bytes; more answers 413. */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;

/*
 * A record's texts refuse what a customer's form refuses (plain-text.ts): what PostgreSQL cannot
 * store, control characters, and in all but notes and comments line breaks, so a bad record is
 * refused with its field named, whichever way the batch came.
 */
const Text = (max: number) => oneLineText(z.string().trim().max(max));
const Lines = (max: number) => plainText(z.string().trim().max(max));
const Key = oneLineText(z.string().trim().min(1).max(BROKER_KEY_MAX_LENGTH));
/**
 * A `timestamp` as the portal stores it: `YYYY-MM-DD HH:MM:SS`, the port's wall-clock time as the
 * broker's system gives it (no zone), or null when unknown.
 */
const LocalTimestamp = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, 'must be YYYY-MM-DD HH:MM:SS')
  // A day the calendar has and a time from 00:00:00 to 23:59:59: 24:00:00 would be stored as the next midnight.
  .refine(isTimestampText, 'must be a day of the calendar and a time from 00:00:00 to 23:59:59')
  .refine((text) => isRecordDay(text.slice(0, 10)), RECORD_YEARS_MESSAGE)
  .describe(`The port's wall-clock time, YYYY-MM-DD HH:MM:SS, of the years ${RECORD_YEARS}.`)
  .nullable();

/*
 * A record changes only the fields it carries (docs/decisions/0018-broker-api.md): a field left
 * out keeps what the portal holds, a field sent as null is cleared ('' for a text, no date for a
 * date), and the upsert key alone plus one field is a valid milestone. A field a new record
 * cannot do without is refused, with its name, only when the record creates.
 */
/** A text the record may leave out (kept) or send as null (cleared to ''). */
const KeptText = (max: number) =>
  Text(max)
    .nullable()
    .optional()
    .transform((value) => (value === null ? '' : value));
const KeptLines = (max: number) =>
  Lines(max)
    .nullable()
    .optional()
    .transform((value) => (value === null ? '' : value));

export const CompanyRecord = z.strictObject({
  kind: z.literal('company'),
  /** The brokerage's own identifier of the company. */
  company_id: Key,
  /** Needed when the record creates the company. */
  name: Text(200).min(1).optional(),
  primary_contact: KeptText(200),
});

export const AccountRecord = z.strictObject({
  kind: z.literal('account'),
  account_no: Key,
  /** Needed when the record creates the account; sent for an existing one, it moves the account. */
  company_id: Key.optional(),
  name: KeptText(200),
  document_tracking: z.boolean().optional(),
});

const STATUS_VALUES = Object.values(SHIPMENT_STATUSES) as [string, ...string[]];

/**
 * Every field of the shipment detail the brokerage knows (spec section 3). A milestone is the
 * file number and what changed: `{ kind, file_number, status: 'released' }`.
 */
export const ShipmentRecord = z.strictObject({
  kind: z.literal('shipment'),
  file_number: Key,
  /** Needed when the record creates the shipment; sent for an existing one, it moves the shipment. */
  account_no: Key.optional(),
  /** Needed when the record creates the shipment. */
  status: z.enum(STATUS_VALUES).optional(),
  /** The ISF filed by the broker; null clears it (the importer may then file it again). */
  isf_transaction_no: Text(40).min(1).nullable().optional(),
  customer_reference_no: KeptText(REFERENCE_MAX_LENGTH),
  est_time_arrive: LocalTimestamp.optional(),
  shipment_discharge_date: LocalTimestamp.optional(),
  fda_review: KeptText(200).describe(
    'The FDA review customers see while the shipment’s customs entry has no FDA disposition. Once an ' +
      '`agency_disposition` record of agency FDA is sent, its state is what the FDA column, step 3 and Home’s ' +
      'FDA Hold/Exam box show (`MAY PROCEED`, `HOLD INTACT` …), and this text is kept but not shown.',
  ),
  origin: KeptText(200),
  destination_terminal: KeptText(200),
  steamship_line: KeptText(200),
  vessel_name: KeptText(200),
  unlading_code: KeptText(20),
  unlading_name: KeptText(200),
  transport_mode: KeptText(20),
  transport_mode_description: KeptText(200),
  document_note: KeptLines(2000),
  comment: KeptLines(2000),
});

/** The port's day, with its time to the minute or second, as a tracking event may give it. */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}( ([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/;
const isEventDate = (text: string) =>
  Instant.safeParse(text).success || (WALL_CLOCK.test(text) && CalendarDate.safeParse(text.slice(0, 10)).success);

/** One tracking event of a container, as the shipment detail shows it. */
export const TrackingEventRecord = z.strictObject({
  location: Text(200),
  type: Text(200),
  date: Text(40)
    .refine(
      isEventDate,
      "must be an instant with its offset (2026-12-02T11:40:00Z) or the port's day and time (2026-12-02 06:40, or 2026-12-02)",
    )
    .refine((text) => !isEventDate(text) || isRecordDay(WALL_CLOCK.test(text) ? text.slice(0, 10) : text), {
      message: RECORD_YEARS_MESSAGE,
    })
    .describe(
      "When it happened: an instant with its offset (2026-12-02T11:40:00Z), shown at the reader's own day and " +
        "time, or the port's day and time as written (2026-12-02 06:40, or the day alone), shown as it is sent; " +
        `of the years ${RECORD_YEARS}.`,
    ),
});

/**
 * A container of a shipment, with its whole tracking history: sent, `tracking_events` replaces
 * the history; left out, the history stays.
 */
export const ContainerRecord = z.strictObject({
  kind: z.literal('container'),
  file_number: Key,
  container_no: Key,
  tracking_events: z.array(TrackingEventRecord).max(500).optional(),
});

/**
 * A container's free days (docs/decisions/0029-demurrage.md), keyed by file number and container
 * number; the container must be in the portal. A field left out stays, null clears it. Last free
 * days are calendar days, which end at midnight in the company's time zone (the portal's day for
 * its states and reminders); rates are tiers from day 1 of charges.
 */
export const ContainerFreeDaysRecord = z.strictObject({
  kind: z.literal('container_free_days'),
  file_number: Key,
  container_no: Key,
  discharged_at: RecordInstant.nullable().optional(),
  available_at: RecordInstant.nullable().optional(),
  terminal_last_free_day: RecordDate.nullable().optional(),
  customs_hold: z.boolean().optional(),
  line_hold: z.boolean().optional(),
  other_hold: z.boolean().optional(),
  gated_out_at: RecordInstant.nullable().optional(),
  delivered_at: RecordInstant.nullable().optional(),
  empty_returned_at: RecordInstant.nullable().optional(),
  detention_last_free_day: RecordDate.nullable().optional(),
  demurrage_rates: RateTiers.nullable().optional(),
  detention_rates: RateTiers.nullable().optional(),
});

export const BillOfLadingRecord = z.strictObject({
  kind: z.literal('bill_of_lading'),
  file_number: Key,
  bill_lading: Key,
  is_master: z.boolean(),
});

/** A document type the shipment needs (required) or no longer needs (required: false). */
export const RequiredDocumentTypeRecord = z.strictObject({
  kind: z.literal('required_document_type'),
  file_number: Key,
  type: Text(100).min(1),
  required: z.boolean().default(true),
});

/** A delivery order id the portal could have made: PostgreSQL's integers. */
const DELIVERY_ORDER_ID_RANGE = 'must be a delivery order id, a whole number from 1 to 2147483647';

export const DeliveryOrderApprovalRecord = z.strictObject({
  kind: z.literal('delivery_order_approval'),
  delivery_order_id: z
    .number()
    .int({ error: DELIVERY_ORDER_ID_RANGE })
    .positive({ error: DELIVERY_ORDER_ID_RANGE })
    .max(2_147_483_647, { error: DELIVERY_ORDER_ID_RANGE }),
});

/**
 * A user of the company with the primary role (3), keyed by e-mail. Created, they get the
 * set-password e-mail unless `send_password_link` is false (they can then use Forgot password).
 */
export const PrimaryUserRecord = z.strictObject({
  kind: z.literal('primary_user'),
  company_id: Key,
  email: Email,
  /** Needed when the record creates the user. */
  name: Text(100).min(1).optional(),
  send_password_link: z.boolean().default(true),
});

/**
 * A batch may come as `multipart/form-data` instead of JSON: the records as JSON in this field,
 * and each file as a file part that a record's file names by `part`.
 */
export const MULTIPART_RECORDS_FIELD = 'records';
/** A multipart batch carries at most this many file parts ... */
export const MAX_BATCH_PARTS = 200;
/** ... of at most this many bytes in all (each one at most UPLOAD_MAX_BYTES). */
export const MAX_MULTIPART_BYTES = 64 * 1024 * 1024;

/**
 * A file of a record, a PDF checked by its content: carried in the record itself as base64, or,
 * in a multipart batch, in the file part that `part` names.
 */
export const FileRecord = z
  .strictObject({
    name: Text(200).min(1),
    content_base64: z
      .string()
      .min(1)
      .max(Math.ceil(MAX_BATCH_BYTES / 3) * 4)
      .regex(
        /^[A-Za-z0-9+/]+={0,2}$/,
        'must be base64 on one line: A-Z, a-z, 0-9, + and /, with = at the end (no line breaks, no URL-safe - or _)',
      )
      .optional()
      .describe(
        'The file as base64, on one line. Exactly one of content_base64 and part. The batch’s 8 MiB body ' +
          'holds a file of up to about 6 MiB so; send a larger one as a file part of a multipart batch.',
      ),
    part: Key.optional().describe(
      'In a multipart batch: the name of the file part that carries the file. Exactly one of content_base64 and part.',
    ),
  })
  .refine((file) => (file.content_base64 === undefined) !== (file.part === undefined), {
    message: 'must carry either content_base64 or part',
  });
export type FileRecord = z.infer<typeof FileRecord>;

/** The shipment's CBP 7501 for the importer's review (a PDF); sent again with other bytes, it replaces it. */
export const EntrySummaryRecord = z.strictObject({
  kind: z.literal('entry_summary'),
  file_number: Key,
  file: FileRecord,
});

/**
 * An invoice of an account, keyed by account and invoice number, with its PDF and optional backup
 * PDF. Sent again, it changes what it carries: `{ kind, invoice_number, account_no, is_paid: true }`
 * marks it paid.
 */
export const InvoiceRecord = z.strictObject({
  kind: z.literal('invoice'),
  invoice_number: Key,
  account_no: Key,
  /** The shipment it bills; null or '' when it is not tied to one. */
  file_number: KeptText(64),
  proper_name: KeptText(200),
  amount: Amount.regex(/^-?\d{1,12}\./, 'must have at most 12 digits of dollars, like 1234.56')
    .nullable()
    .optional()
    .describe('The amount billed, in dollars as text (1234.56); negative for a credit the account is owed.'),
  due_date: RecordDate.nullable().optional(),
  is_paid: z.boolean().optional(),
  /** Needed when the record creates the invoice. */
  pdf: FileRecord.optional(),
  /** null removes the backup PDF. */
  backup: FileRecord.nullable().optional(),
});

/**
 * A message for the Home banner (spec `user/get_notification`), for one company or, with a null
 * `company_id`, for every company; keyed by company and text. `active: false` takes it down.
 */
export const NotificationRecord = z.strictObject({
  kind: z.literal('notification'),
  company_id: Key.nullable(),
  message: Lines(1000).min(1),
  active: z.boolean().default(true),
});

const LIST_NAMES = NOTIFICATION_LISTS.map((list) => list.name) as [
  (typeof NOTIFICATION_LISTS)[number]['name'],
  ...(typeof NOTIFICATION_LISTS)[number]['name'][],
];

/**
 * One of a company's four notification lists (spec: documents, 7501, invoice, delivery), as its
 * Settings page sets them: the recipient and up to MAX_CC_EMAILS copies. Until the company or
 * this record sets them, the lists go to the company's primary user.
 */
export const NotificationListRecord = z.strictObject({
  kind: z.literal('notification_list'),
  company_id: Key,
  list: z.enum(LIST_NAMES),
  /** null clears the recipient: the list's mails then go to nobody. */
  email: Email.nullable().optional(),
  cc_emails: CcEmails().optional(),
});

/**
 * A company's "Demurrage and detention" list (docs/decisions/0031-demurrage-reminders.md): its
 * recipient, copies and how many working days before a last free day it is reminded. Until the
 * company or this record sets it, the delivery list's recipient and copies take its mail.
 */
export const DemurrageAlertsRecord = z.strictObject({
  kind: z.literal('demurrage_alerts'),
  company_id: Key,
  /** null clears the recipient: the reminders then go to nobody. */
  email: Email.nullable().optional(),
  cc_emails: CcEmails().optional(),
  reminder_days: z
    .number()
    .int()
    .min(DEMURRAGE_REMINDER_DAYS.min)
    .max(DEMURRAGE_REMINDER_DAYS.max)
    .optional()
    .describe(
      `Working days (Monday to Friday) before a container's last free day that the list is reminded, ` +
        `${DEMURRAGE_REMINDER_DAYS.min}-${DEMURRAGE_REMINDER_DAYS.max}; ${DEMURRAGE_REMINDER_DAYS.byDefault} until set.`,
    ),
});

/** An entry number with its check digit (19 CFR 142.3a; docs/decisions/0026-customs-entries.md). */
const EntryNumber = z
  .string()
  .trim()
  .superRefine((text, context) => {
    if (isValidEntryNumber(text)) return;
    const [filerCode, number] = text.split('-') as [string, string];
    // A number of the right shape whose last digit is off names the digit it should have.
    const message = ENTRY_NUMBER_PATTERN.test(text)
      ? `must end in its check digit, ${entryCheckDigit(filerCode, number)}, for ${filerCode}-${number}`
      : 'must be an entry number XXX-NNNNNNN-C with its check digit';
    context.addIssue({ code: 'custom', message });
  })
  .describe(
    "CBP's entry number XXX-NNNNNNN-C: the filer code (three letters or digits), the number (seven digits) " +
      'and its check digit (ACE CATAIR, Appendix E): a filer code letter counts as a digit (A-I 1-9, J-R 1-9, ' +
      'S-Z 2-9); from the right of those ten digits, the first and every second one is doubled (a product of ' +
      'two digits counts as their sum); the check digit brings the total to a multiple of 10. ' +
      'Examples: DMI-4124625-6, BN1-0000011-3.',
  );
/** Dollars and cents, not negative: `1234.56`. */
const Money = z.string().regex(/^\d{1,12}\.\d{2}$/, 'must be dollars and cents, like 1234.56');
const Country = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 country code, like CN');

/**
 * A customs entry of a shipment, keyed by its entry number, as the 7501 carries it; the lines come
 * as `entry_line` records and each agency's hold or release as `agency_disposition`. A field left
 * out stays, null clears it. Its entered value and duty are its lines' sums.
 */
export const EntryRecord = z.strictObject({
  kind: z.literal('entry'),
  entry_number: EntryNumber,
  /** Needed when the record creates the entry; sent for an existing one, it moves the entry. */
  file_number: Key.optional(),
  entry_type: z.enum(ENTRY_TYPE_CODES).nullable().optional(),
  /** The port of entry's CBP code (Schedule D), four digits. */
  port_code: z
    .string()
    .regex(/^\d{4}$/, 'must be a CBP port code of four digits')
    .nullable()
    .optional(),
  entry_date: RecordDate.nullable().optional(),
  summary_date: RecordDate.nullable().optional(),
  release_date: RecordDate.nullable().optional(),
  liquidation_date: RecordDate.nullable().optional(),
  liquidation_status: z.enum(LIQUIDATION_STATUSES).nullable().optional(),
  bond_type: z.enum(BOND_TYPES).nullable().optional(),
  /** The importer of record number: an IRS number (`12-3456789AB`) or CBP's (`261231-12345`). */
  importer_of_record: z
    .string()
    .regex(/^[0-9A-Z-]{5,15}$/, 'must be an importer of record number, like 12-3456789AB')
    .nullable()
    .optional(),
  mode: z.enum(ENTRY_MODES).nullable().optional(),
  country_of_origin: Country.nullable().optional(),
  country_of_export: Country.nullable().optional(),
  /** The merchandise processing fee as filed. */
  mpf: Money.nullable().optional(),
  /** The harbor maintenance fee as filed (ocean only). */
  hmf: Money.nullable().optional(),
  other_fees: Money.nullable().optional(),
});

/** A line of an entry, keyed by entry number and line number. */
const EntryLineFields = z.strictObject({
  kind: z.literal('entry_line'),
  entry_number: EntryNumber,
  line_number: z.number().min(1).max(9999).int(),
  /** Ten digits, no dots; needed when the record creates the line. */
  hts_number: z.string().regex(HTS_NUMBER_PATTERN, 'must be an HTS number of ten digits').optional(),
  description: KeptText(500),
  /** Exact, up to three decimals: `1200`, `12.5`. */
  quantity: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,3})?$/, 'must be a quantity like 1200 or 12.5')
    .nullable()
    .optional(),
  unit: KeptText(10),
  entered_value: Money.optional(),
  /** As the tariff writes it: `Free`, `6.5%`, `2.2¢/kg`, `5.6¢/kg + 4%`. */
  duty_rate: KeptText(100),
  duty: Money.optional(),
  adcvd: z.boolean().optional(),
  section_301: z.boolean().optional(),
  section_301_duty: Money.nullable()
    .optional()
    .describe(
      "The Section 301 part of duty, as filed on the line's Chapter 99 line (9903.88.xx): a line of entered " +
        'value 10000.00 at 6.5% + 25% has duty 3150.00 and section_301_duty 2500.00. Only on a line flagged ' +
        'section_301, and at most its duty, as the line stands ' +
        'after the record: otherwise the record is refused (invalid_field, section_301_duty). null clears it; a ' +
        'flagged line without it counts in the reports as a Section 301 line whose part is not known.',
    ),
  /**
   * true removes the line, as the customs system dropped it: the entry's entered value and duty,
   * and the reports, lose its amounts. Sent with entry_number and line_number alone.
   */
  deleted: z.literal(true).optional(),
});
const ENTRY_LINE_KEY = new Set(['kind', 'entry_number', 'line_number', 'deleted']);
export const EntryLineRecord = EntryLineFields.refine(
  (line) => line.deleted === undefined || Object.keys(line).every((key) => ENTRY_LINE_KEY.has(key)),
  { message: 'is sent with entry_number and line_number alone', path: ['deleted'] },
);

/** An agency's disposition of an entry (a hold, an exam, a release), keyed by entry number and agency. */
export const AgencyDispositionRecord = z.strictObject({
  kind: z.literal('agency_disposition'),
  entry_number: EntryNumber,
  agency: z.enum(AGENCY_CODES),
  disposition: z.enum(DISPOSITION_CODES),
  /** When the agency decided, ISO 8601 with its offset. */
  disposed_at: RecordInstant,
  note: KeptText(500),
});

export const IngestionRecord = z.discriminatedUnion('kind', [
  CompanyRecord,
  AccountRecord,
  ShipmentRecord,
  ContainerRecord,
  ContainerFreeDaysRecord,
  BillOfLadingRecord,
  RequiredDocumentTypeRecord,
  DeliveryOrderApprovalRecord,
  PrimaryUserRecord,
  EntrySummaryRecord,
  InvoiceRecord,
  NotificationRecord,
  NotificationListRecord,
  DemurrageAlertsRecord,
  EntryRecord,
  EntryLineRecord,
  AgencyDispositionRecord,
]);
export type IngestionRecord = z.infer<typeof IngestionRecord>;
/** A record as sent, before its defaults are filled in. */
export type IngestionRecordInput = z.input<typeof IngestionRecord>;
export type RecordKind = IngestionRecord['kind'];

/**
 * The body: records are checked one by one by the server (IngestionRecord), so one bad record is
 * refused in its result and the others go on; only a body that is not a batch answers 400.
 */
export const IngestionRequest = z.strictObject({
  records: z.array(z.unknown()).min(1).max(MAX_BATCH_RECORDS),
});
export type IngestionRequest = z.infer<typeof IngestionRequest>;

/**
 * Why a record is refused that has a field its kind does not have (a misspelt `vesel_name`): a
 * field left unread would change nothing and answer `unchanged`.
 */
export const UNKNOWN_FIELD_MESSAGE = 'not a field of this kind of record; the API description lists its fields';

/**
 * Why a record is refused that sends null for a field that takes none: the schema's own words would
 * list the field's values, which tells a sender who meant to clear it nothing.
 */
export const NOT_NULLABLE_MESSAGE =
  'may not be null: leave the field out to keep what the portal holds, or send a value';

export const RECORD_OUTCOMES = ['created', 'updated', 'unchanged', 'deleted', 'refused'] as const;
export type RecordOutcome = (typeof RECORD_OUTCOMES)[number];

/**
 * Why a record was refused, for a program to switch on (`reason` says it in English); what each
 * one means is RECORD_REFUSAL_CODE_DOCS (ingestion-docs.ts), the API description's text. The
 * `unknown_*` codes mean "send the parent first".
 */
export const RECORD_REFUSAL_CODES = [
  'invalid_field',
  'unstorable_text',
  'needed_to_create',
  'unknown_company',
  'unknown_account',
  'unknown_shipment',
  'unknown_delivery_order',
  'unknown_entry',
  'unknown_container',
  'too_many_containers',
  'too_many_bills',
  'user_conflict',
  'missing_part',
  'file_too_large',
  'not_a_pdf',
  'database_refused',
] as const;
export type RecordRefusalCode = (typeof RECORD_REFUSAL_CODES)[number];

export const RecordResult = z.object({
  index: z.number().int(),
  /**
   * The record's identifier as sent (`kind:id`), read from its key fields even when another field
   * is refused; null only when the key fields themselves cannot be read.
   */
  key: z.string().nullable(),
  outcome: z.enum(RECORD_OUTCOMES),
  /** With `refused`: what a program switches on. */
  code: z.enum(RECORD_REFUSAL_CODES).optional(),
  reason: z.string().optional(),
  field: z.string().optional(),
  issues: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional()
    .describe(
      'With `invalid_field`: every field of the record at fault (a dotted path) with its refusal, the first being `field`’s.',
    ),
  moved_from: z
    .string()
    .optional()
    .describe(
      'With `updated`: the record moved what it names, and this is where from. An `account` record whose ' +
        '`company_id` is another company’s moved the account, with its shipments, from the company_id given here ' +
        '(its name for a company the brokerage never sent); a `shipment` record whose `account_no` is another ' +
        'account’s moved the shipment from the account_no given here. A mistyped number moves data too: check it.',
    ),
  warning: z
    .string()
    .optional()
    .describe(
      'With created or updated: what the record did not do, though it was written (a primary user’s set-password ' +
        'e-mail that could not be sent), or what else it did (a move to another company that deleted delivery ' +
        'orders naming the first company’s truckers or warehouses).',
    ),
});
export type RecordResult = z.infer<typeof RecordResult>;

export const RECORD_WARNINGS = {
  mailFailed:
    'The user was created, but the set-password e-mail could not be sent: they can choose a password with Forgot password on the login page.',
  /** A move to another company deleted the orders that named the first company's truckers or warehouses. */
  ordersDeleted: (count: number, company: string) =>
    `The move deleted ${count.toLocaleString('en-US')} delivery ${count === 1 ? 'order' : 'orders'} of ${company}, ` +
    'which named its truckers or warehouses: each is in the change feed as delivery_order.deleted.',
} as const;

export const IngestionResponse = z.object({ results: z.array(RecordResult) });
export type IngestionResponse = z.infer<typeof IngestionResponse>;

/** What names a record: its kind and the fields it is upserted by. */
export const RecordKeyFields = z.discriminatedUnion('kind', [
  CompanyRecord.pick({ kind: true, company_id: true }).strip(),
  AccountRecord.pick({ kind: true, account_no: true }).strip(),
  ShipmentRecord.pick({ kind: true, file_number: true }).strip(),
  ContainerRecord.pick({ kind: true, file_number: true, container_no: true }).strip(),
  ContainerFreeDaysRecord.pick({ kind: true, file_number: true, container_no: true }).strip(),
  BillOfLadingRecord.pick({ kind: true, file_number: true, bill_lading: true, is_master: true }).strip(),
  RequiredDocumentTypeRecord.pick({ kind: true, file_number: true, type: true }).strip(),
  DeliveryOrderApprovalRecord.pick({ kind: true, delivery_order_id: true }).strip(),
  PrimaryUserRecord.pick({ kind: true, email: true }).strip(),
  EntrySummaryRecord.pick({ kind: true, file_number: true }).strip(),
  InvoiceRecord.pick({ kind: true, account_no: true, invoice_number: true }).strip(),
  NotificationRecord.pick({ kind: true, company_id: true, message: true }).strip(),
  NotificationListRecord.pick({ kind: true, company_id: true, list: true }).strip(),
  DemurrageAlertsRecord.pick({ kind: true, company_id: true }).strip(),
  // An entry number with a wrong check digit, or an agency not listed, still names the record.
  z.object({ kind: z.literal('entry'), entry_number: Key }),
  EntryLineFields.pick({ kind: true, line_number: true }).strip().extend({ entry_number: Key }),
  z.object({ kind: z.literal('agency_disposition'), entry_number: Key, agency: Key }),
]);
export type RecordKeyFields = z.infer<typeof RecordKeyFields>;

/** The key of a record as sent, even one refused: null when its key fields cannot be read. */
export function keyOfSent(sent: unknown): string | null {
  const parsed = RecordKeyFields.safeParse(sent);
  return parsed.success ? recordKey(parsed.data) : null;
}

/** The identifier a record is upserted by, as its result names it. */
export function recordKey(record: RecordKeyFields): string {
  switch (record.kind) {
    case 'company':
      return `company:${record.company_id}`;
    case 'account':
      return `account:${record.account_no}`;
    case 'shipment':
      return `shipment:${record.file_number}`;
    case 'container':
      return `container:${record.file_number}/${record.container_no}`;
    case 'container_free_days':
      return `container_free_days:${record.file_number}/${record.container_no}`;
    case 'bill_of_lading':
      return `bill_of_lading:${record.file_number}/${record.is_master ? 'master' : 'house'}/${record.bill_lading}`;
    case 'required_document_type':
      return `required_document_type:${record.file_number}/${record.type}`;
    case 'delivery_order_approval':
      return `delivery_order_approval:${record.delivery_order_id}`;
    case 'primary_user':
      return `primary_user:${record.email.toLowerCase()}`;
    case 'entry_summary':
      return `entry_summary:${record.file_number}`;
    case 'invoice':
      return `invoice:${record.account_no}/${record.invoice_number}`;
    case 'notification':
      return `notification:${record.company_id ?? '*'}/${record.message.slice(0, 40)}`;
    case 'notification_list':
      return `notification_list:${record.company_id}/${record.list}`;
    case 'demurrage_alerts':
      return `demurrage_alerts:${record.company_id}`;
    case 'entry':
      return `entry:${record.entry_number}`;
    case 'entry_line':
      return `entry_line:${record.entry_number}/${record.line_number}`;
    case 'agency_disposition':
      return `agency_disposition:${record.entry_number}/${record.agency}`;
  }
}

/** At most this many events a page of the change feed. */
export const MAX_EVENTS_PAGE = 1000;
export const DEFAULT_EVENTS_PAGE = 100;

/** A position in the change feed: `TX-ID` of the last event read. */
export const EventCursor = z.string().regex(/^\d{1,15}-\d{1,15}$/, 'must be a cursor the feed handed out');

export const EventsQuery = z.strictObject({
  /**
   * The `next` of the previous page; absent, the feed starts at its first event. A cursor the feed
   * never handed out answers 400.
   */
  after: EventCursor.optional(),
  limit: fromDigits(wholeNumber(1, MAX_EVENTS_PAGE).default(DEFAULT_EVENTS_PAGE)),
});
export type EventsQuery = z.infer<typeof EventsQuery>;

/**
 * What a customer did: `type` is `document.uploaded`, `document.deleted`, `document_types.set`,
 * `document_types.unset`, `isf.filed`, `status.changed`, `note.added`, `reference.changed`,
 * `ignored.changed` (a delivery order skipped or taken back), `7501_reviewed.changed`,
 * `delivery_order.created`, `.updated`, `.deleted`, `.sent`, or `user.created`, `.updated`,
 * `.deleted`, `.password_link_sent`, `.sessions_ended`, `.two_factor_reset`; and what the demurrage
 * watch saw (no `user_email`):
 * `container.lfd_changed`, `container.demurrage_started`.
 */
export const BrokerEvent = z.object({
  cursor: EventCursor,
  type: z.string(),
  occurred_at: z.string(),
  /** The company's identifier at the brokerage (null for a company the broker did not send). */
  company_id: z.string().nullable(),
  /**
   * The company's name, and the shipment's account and file number, as they were when the event
   * happened: a shipment moved or a company renamed since does not change an event already written.
   */
  company: z.string().nullable(),
  account_no: z.string().nullable(),
  file_number: z.string().nullable(),
  /**
   * Who did it; null for the demurrage watch's container events and for a delivery order deleted
   * because the broker moved its shipment to another company (`detail.by` is `broker`).
   */
  user_email: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  /** Where the broker downloads the file the event is about (an uploaded document), or null. */
  file_url: z.string().nullable(),
});
export type BrokerEvent = z.infer<typeof BrokerEvent>;

export const EventsResponse = z.object({
  events: z.array(BrokerEvent),
  /**
   * Pass it as `after` next time: the last event's cursor, or `after` again when none is new; null
   * only while the feed has no event at all and no `after` was sent (ask again without `after`).
   */
  next: EventCursor.nullable(),
});
export type EventsResponse = z.infer<typeof EventsResponse>;
