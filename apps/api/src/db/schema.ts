import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type { LastFreeDayKind, RateTier } from '@clearport/contract/free-days';
import type { SecurityEventActor, SecurityEventKind, SecurityEventOutcome } from '@clearport/contract/security-events';

/** Kysely's view of the tables that migrations/ creates. */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A `timestamp` without time zone reads as its text `YYYY-MM-DD HH:MM:SS` (see connect.ts). */
type NullableTimestampText = ColumnType<string | null, string | null | undefined, string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** Kept current by the database (triggers of migration 0002): read it, never write it. */
type Maintained<T> = ColumnType<T, never, never>;

export type CompaniesTable = {
  id: Generated<number>;
  name: string;
  primary_contact: Defaulted<string>;
  created_at: CreatedAt;
  /** The bytes of its shipments' documents, kept by triggers on documents (migration 0010). */
  document_bytes: Maintained<string>;
  /** The brokerage's own identifier (migration 0012), set by its ingestion API. */
  broker_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The IANA zone of its calendar days (migration 0019): mails, PDFs and due dates. */
  time_zone: Defaulted<string>;
  /** Which 7501s the company confirms (migration 0028): none, all, or those with duty above the threshold. */
  entry_approval: Defaulted<'none' | 'all' | 'above'>;
  entry_approval_threshold_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0040: everyone in the company signs in with a second factor (decision 0034). */
  require_two_factor: Defaulted<boolean>;
};

export type AccountsTable = {
  id: Generated<number>;
  company_id: number;
  account_no: string;
  name: Defaulted<string>;
  document_tracking: Defaulted<boolean>;
};

export type UsersTable = {
  id: Generated<number>;
  company_id: number;
  name: string;
  email: string;
  password_hash: string;
  role: number;
  active: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The account numbers the list shows as `account_no`, kept by triggers (migration 0033). */
  account_list: Maintained<string>;
  /** Name, e-mail and account list lower-cased, generated (migration 0033). */
  search_text: Maintained<string>;
};

/** A company's users in one position, kept by a trigger on users (migration 0033): read it, never write it. */
export type CompanyUserCountsTable = {
  company_id: number;
  role: number;
  users: Maintained<number>;
};

/** Shipments per account, kept by triggers on shipments (migration 0005): read it, never write it. */
/** Every change to a user (migration 0007); `user_id` has no foreign key so the record outlives the user. */
/** The broker's change feed, written by triggers (migration 0014). */
export type BrokerEventsTable = {
  id: Generated<number>;
  tx: Generated<number>;
  type: string;
  company_id: number | null;
  shipment_id: number | null;
  user_id: number | null;
  user_email: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  /** Migration 0062: the names the event was written with, as the feed hands them out ever after. */
  company: string | null;
  account_no: string | null;
  file_number: string | null;
};

/** Migration 0041: the security event log, append-only (decision 0035). */
export type SecurityEventsTable = {
  id: Generated<string>;
  occurred_at: CreatedAt;
  company_id: number | null;
  user_id: number | null;
  email: string | null;
  actor: SecurityEventActor;
  ip: string | null;
  user_agent: string | null;
  kind: SecurityEventKind;
  outcome: SecurityEventOutcome;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
};

/** Migration 0044: each company's security events of each kind, kept by a trigger on the log. */
export type SecurityEventCountsTable = {
  company_id: number;
  kind: SecurityEventKind;
  events: number;
};

/** Migration 0046: the same per UTC day of the event, for ranges of days. */
export type SecurityEventDayCountsTable = {
  company_id: number;
  day: ColumnType<string, string, never>;
  kind: SecurityEventKind;
  events: number;
};

export type UserChangesTable = {
  id: Generated<string>;
  company_id: number;
  user_id: number;
  user_email: string;
  changed_by: number | null;
  action: 'create' | 'update' | 'delete' | 'password-link' | 'end-sessions' | 'two-factor-reset';
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
};

/** Kept by triggers on shipments (migration 0017): never written by the application. */
export type ShipmentCountsTable = {
  account_id: Maintained<number>;
  status: Maintained<string>;
  review_7501: Maintained<boolean>;
  fda_hold: Maintained<boolean>;
  without_do: Maintained<boolean>;
  before_summary: Maintained<boolean>;
  cbp_hold: Maintained<boolean>;
  /** The current entry's port of entry; the empty text without an entry (migration 0049). */
  entry_port_code: Maintained<string>;
  shipments: Maintained<number>;
};

/** Kept by triggers on shipments (migration 0053): an account's shipments per nearest last free day. */
export type ShipmentFreeDaysTable = {
  account_id: Maintained<number>;
  next_free_day: Maintained<Date>;
  shipments: Maintained<number>;
};

/** Kept by triggers on shipments (migration 0050): each shipment's search_text, for its indexes. */
export type ShipmentSearchTextsTable = {
  shipment_id: Maintained<number>;
  search_text: Maintained<string>;
};

export type UserAccountsTable = {
  user_id: number;
  account_id: number;
};

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  /** Written at most once a minute (decision 0033). */
  last_used_at: CreatedAt;
  user_agent: Generated<string>;
  ip_address: Generated<string>;
  /** The primary's WAL position after the session's last change, as text (`0/16B3748`); decision 0040. */
  last_write_lsn: string | null;
};

export type SignInLinksTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

/** Migration 0040: a user's authenticator (decision 0034); confirmed once a first code passed. */
export type UserSecondFactorsTable = {
  user_id: number;
  /** AES-256-GCM under the server's key: iv, tag and text, base64url, joined by dots. */
  secret_encrypted: string;
  confirmed_at: NullableTimestamp;
  /** The latest 30-second step a code was accepted for; codes of it and before are refused. */
  last_used_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  /** Wrong codes since first_wrong_code_at, while that is within a day (migration 0056). */
  wrong_codes: Generated<number>;
  first_wrong_code_at: NullableTimestamp;
};

/** Migration 0040: single-use recovery codes, stored as SHA-256 of 120-bit codes. */
export type UserRecoveryCodesTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
};

/** Migration 0040: what a login answers between the password and the second factor. */
export type LoginChallengesTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  kind: 'second_factor' | 'enrol';
  expires_at: Timestamp;
  created_at: CreatedAt;
};

export type PasswordResetsTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

export type LoginThrottleTable = {
  key: string;
  attempts: number;
  window_started_at: Timestamp;
  next_attempt_at: Timestamp;
};

/** A user's uploads in the minute that started with the first of them (modules/shipments/upload-limits.ts). */
export type UploadCountsTable = {
  user_id: number;
  uploads: number;
  minute_started_at: Timestamp;
};

export type LoginKnownClientsTable = {
  user_name: string;
  address: string;
  logged_in_at: Timestamp;
  attempts: number;
};

export type ShipmentsTable = {
  id: Generated<number>;
  account_id: number;
  file_number: string;
  customer_reference_no: Defaulted<string>;
  status: string;
  isf_transaction_no: string | null;
  isf_submit_date: NullableTimestamp;
  est_time_arrive: NullableTimestampText;
  shipment_discharge_date: NullableTimestampText;
  fda_review: Defaulted<string>;
  origin: Defaulted<string>;
  destination_terminal: Defaulted<string>;
  steamship_line: Defaulted<string>;
  vessel_name: Defaulted<string>;
  unlading_code: Defaulted<string>;
  unlading_name: Defaulted<string>;
  transport_mode: Defaulted<string>;
  transport_mode_description: Defaulted<string>;
  document_note: Defaulted<string>;
  comment: Defaulted<string>;
  path_to_7501: string | null;
  reviewed_7501: Defaulted<boolean>;
  ignored_shipment: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The bill and container numbers in the order they were added (bills_of_lading, containers). */
  master_bills: Maintained<string[]>;
  house_bills: Maintained<string[]>;
  container_nos: Maintained<string[]>;
  /** The required document types with whether each was submitted (migration 0004). */
  required_documents: Maintained<Array<{ type: string; submitted: boolean }>>;
  /** Whether any delivery order exists for the shipment. */
  has_delivery_order: Maintained<boolean>;
  /** Its customs entries' numbers, and its current entry's port, type and whether an agency holds it (migration 0027). */
  entry_numbers: Maintained<string[]>;
  entry_port_code: Maintained<string | null>;
  entry_type: Maintained<string | null>;
  has_agency_hold: Maintained<boolean>;
  /** The current entry's FDA disposition, whether CBP's holds it, its duty and the 7501 last decided on (migration 0029). */
  fda_disposition: Maintained<string | null>;
  cbp_disposition_hold: Maintained<boolean>;
  entry_duty_cents: Maintained<number | null>;
  entry_decided_7501: Maintained<string | null>;
  /** The nearest last free day of its open containers, YYYY-MM-DD, or null (migration 0036). */
  next_free_day: Maintained<string | null>;
  /** Whose that day is: a container's at the terminal or one gated out (migration 0054). */
  next_free_day_kind: Maintained<LastFreeDayKind | null>;
  /** The FDA column: the FDA's disposition in its words, or the broker's fda_review text. */
  fda_status: GeneratedAlways<string>;
  /** A CBP exam or hold status, or a holding CBP disposition. */
  cbp_hold: GeneratedAlways<boolean>;
  /** Everything the list's search looks in, lower case. */
  search_text: GeneratedAlways<string>;
};

export type TrackingEvent = { location: string; type: string; date: string };

export type ContainersTable = {
  id: Generated<number>;
  shipment_id: number;
  container_no: string;
  tracking_info: ColumnType<TrackingEvent[], string | undefined, string>;
};

/** A container's free days (migration 0035, docs/decisions/0029-demurrage.md). */
export type ContainerFreeDaysTable = {
  container_id: number;
  discharged_at: NullableTimestamp;
  available_at: NullableTimestamp;
  terminal_last_free_day: NullableDateText;
  customs_hold: Defaulted<boolean>;
  line_hold: Defaulted<boolean>;
  other_hold: Defaulted<boolean>;
  gated_out_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  empty_returned_at: NullableTimestamp;
  detention_last_free_day: NullableDateText;
  demurrage_rates: ColumnType<RateTier[] | null, string | null | undefined, string | null>;
  detention_rates: ColumnType<RateTier[] | null, string | null | undefined, string | null>;
  updated_at: CreatedAt;
};

/** Each change of a container's terminal or detention last free day. */
export type ContainerLfdChangesTable = {
  id: Generated<number>;
  container_id: number;
  which: 'terminal' | 'detention';
  old_day: NullableDateText;
  new_day: NullableDateText;
  changed_at: CreatedAt;
  /** When its mail event was queued (migration 0037); null until the demurrage watch queues it. */
  mail_queued_at: NullableTimestamp;
};

/** Each reminder of the demurrage watch queued: one per container, last free day, its value and kind. */
export type ContainerRemindersTable = {
  container_id: number;
  which: 'terminal' | 'detention';
  last_free_day: string;
  kind: 'due' | 'charges_started';
  queued_at: CreatedAt;
};

/** A company's "Demurrage and detention" list and reminder days (migration 0037); no row: the defaults. */
export type DemurrageAlertsTable = {
  company_id: number;
  email: NullableText;
  cc_emails: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  reminder_days: Defaulted<number>;
};

export type BillsOfLadingTable = {
  id: Generated<number>;
  shipment_id: number;
  bill_lading: string;
  is_master: boolean;
};

export type DocumentTypesTable = {
  id: Generated<number>;
  shipment_id: number;
  type: string;
  required: Defaulted<boolean>;
  submitted: Defaulted<boolean>;
};

export type DocumentsTable = {
  id: Generated<number>;
  shipment_id: number;
  document_type: Defaulted<string>;
  path: string;
  original_name: string;
  content_type: string;
  size: number;
  supplementary: Defaulted<boolean>;
  uploaded_by: number | null;
  created_at: CreatedAt;
};

export type ShipmentNotesTable = {
  id: Generated<number>;
  shipment_id: number;
  user_id: number | null;
  role: number;
  comments: string;
  created_at: CreatedAt;
};

export type RequestKeysTable = {
  shipment_id: number;
  user_id: number;
  kind: string;
  key: string;
  request_hash: string;
  record_id: number;
  created_at: CreatedAt;
};

export type ShipmentActivityTable = {
  id: Generated<string>;
  shipment_id: number;
  user_id: number | null;
  action: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
};

export type TruckersTable = {
  id: Generated<number>;
  company_id: number;
  name: string;
  phone: Defaulted<string>;
  status: Defaulted<number>;
  deleted_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type TruckerEmailsTable = {
  id: Generated<number>;
  trucker_id: number;
  email: Defaulted<string>;
  cc_emails: Defaulted<string[]>;
};

export type WarehousesTable = {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  name: Defaulted<string>;
  phone: Defaulted<string>;
  address: Defaulted<string>;
  city: Defaulted<string>;
  state: Defaulted<string>;
  zip: Defaulted<string>;
  status: Defaulted<number>;
  deleted_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type WarehouseEmailsTable = {
  id: Generated<number>;
  warehouse_id: number;
  name: Defaulted<string>;
  email: Defaulted<string>;
};

export type DeliveryOrdersTable = {
  id: Generated<number>;
  shipment_id: number;
  trucker_id: number;
  warehouse_id: number;
  reference_number: Defaulted<string>;
  note: Defaulted<string>;
  /** Migration 0038: the pick-up day asked for, optional. */
  pickup_date: NullableDateText;
  approved: Defaulted<boolean>;
  approved_at: NullableTimestamp;
  path: string | null;
  sent_at: NullableTimestamp;
  /** Migration 0058: a send in progress claims the order until then; changes and deletes wait for it. */
  sending_until: NullableTimestamp;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type DeliveryOrderContainersTable = {
  delivery_order_id: number;
  container_id: number;
};

export type DeliveryOrderBillsTable = {
  delivery_order_id: number;
  bill_of_lading_id: number;
};

export type InvoicesTable = {
  id: Generated<number>;
  account_id: number;
  shipment_id: number | null;
  proper_name: Defaulted<string>;
  file_number: Defaulted<string>;
  is_paid: Defaulted<boolean>;
  path: string | null;
  backup: string | null;
  created_at: CreatedAt;
  invoice_number: Defaulted<string>;
  /** USD cents, exact: an int8 reads as a number (db/connect.ts), exact far beyond any invoice. */
  amount_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** A `date` reads as its YYYY-MM-DD text (db/connect.ts). */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** Copied from the shipment by triggers (migration 0006). */
  customer_reference_no: Maintained<string>;
  master_bills: Maintained<string[]>;
  container_nos: Maintained<string[]>;
  search_text: Maintained<string>;
};

/** Kept by triggers on invoices (migration 0006). */
export type AccountInvoiceTotalsTable = {
  account_id: number;
  invoices: Maintained<number>;
  open_cents: Maintained<number>;
  /** The account's invoices not paid (migration 0034). */
  unpaid: Maintained<number>;
};

/** Migration 0047: an account's invoices not paid and their amount, per due date (the Overdue total). */
export type InvoiceUnpaidDaysTable = {
  account_id: number;
  due_date: Date;
  invoices: Maintained<number>;
  open_cents: Maintained<number>;
};

export type PaymentInstructionsTable = {
  id: Defaulted<number>;
  instructions: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, string | undefined, string>;
};

export type NotificationsTable = {
  id: Generated<number>;
  company_id: number | null;
  message: string;
  active: Defaulted<boolean>;
  created_at: CreatedAt;
};

export type NotificationEmailsTable = {
  id: Generated<number>;
  company_id: number;
  table_number: number;
  email: Defaulted<string>;
  cc_emails: Defaulted<string[]>;
};

export type MailMessageState = 'gathering' | 'sending' | 'retrying' | 'sent' | 'skipped' | 'failed';

export type MailMessagesTable = {
  id: Generated<string>;
  company_id: number;
  table_number: number;
  kind: string;
  state: Defaulted<MailMessageState>;
  next_attempt_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  first_attempt_at: NullableTimestamp;
  attempts: Defaulted<number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  message_id: string;
  recipients: Defaulted<string[]>;
  sent_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type MailEventsTable = {
  id: Generated<string>;
  message_id: string;
  detail: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
};

export type BrokerApiKeysTable = {
  id: Generated<number>;
  name: string;
  prefix: string;
  key_hash: string;
  scopes: string[];
  created_at: CreatedAt;
  revoked_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** When the key's last broker_key_used success event was written (at most one an hour). */
  use_event_at: NullableTimestamp;
};

/** A `date`: its text `YYYY-MM-DD` (see connect.ts), or null. */
type NullableDateText = ColumnType<string | null, string | null | undefined, string | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type NullableCents = ColumnType<number | null, number | null | undefined, number | null>;

export type CustomsEntriesTable = {
  id: Generated<number>;
  shipment_id: number;
  /** Its shipment's account and arrival date (discharge, else ETA), kept by triggers (migration 0031). */
  account_id: Maintained<number | null>;
  arrival_date: Maintained<string | null>;
  entry_number: string;
  entry_type: NullableText;
  port_code: NullableText;
  entry_date: NullableDateText;
  summary_date: NullableDateText;
  release_date: NullableDateText;
  liquidation_date: NullableDateText;
  liquidation_status: NullableText;
  bond_type: NullableText;
  importer_of_record: NullableText;
  mode: NullableText;
  country_of_origin: NullableText;
  country_of_export: NullableText;
  /** The sums of its lines, kept by the line's writer (migration 0025). */
  entered_value_cents: Defaulted<number>;
  duty_cents: Defaulted<number>;
  mpf_cents: NullableCents;
  hmf_cents: NullableCents;
  other_fees_cents: NullableCents;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type CustomsEntryLinesTable = {
  entry_id: number;
  /** Its entry's account and month, kept by triggers (migration 0031). */
  account_id: Maintained<number | null>;
  month: Maintained<string | null>;
  line_number: number;
  hts_number: string;
  description: Defaulted<string>;
  /** numeric(18,3) as its text, exact. */
  quantity: NullableText;
  unit: Defaulted<string>;
  entered_value_cents: Defaulted<number>;
  duty_rate: Defaulted<string>;
  duty_cents: Defaulted<number>;
  adcvd: Defaulted<boolean>;
  section_301: Defaulted<boolean>;
  /** The Section 301 part of duty_cents, null when not sent; only on a line flagged Section 301 (migration 0066). */
  section_301_duty_cents: NullableCents;
};

export type CustomsEntryDispositionsTable = {
  entry_id: number;
  agency: string;
  disposition: string;
  disposed_at: Timestamp;
  note: Defaulted<string>;
};

export type CustomsEntryDispositionHistoryTable = {
  id: Generated<number>;
  entry_id: number;
  agency: string;
  disposition: string;
  disposed_at: Timestamp;
  note: Defaulted<string>;
};

/** The brokerage's webhook receivers (migration 0026); `cursor` is their place in the change feed. */
export type WebhookEndpointsTable = {
  id: Generated<number>;
  url: string;
  description: Defaulted<string>;
  event_types: Defaulted<string[]>;
  enabled: Defaulted<boolean>;
  secret: string;
  previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_expires_at: NullableTimestamp;
  cursor: ColumnType<string | null, string | null | undefined, string | null>;
  replay_until: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type WebhookDeliveryState = 'pending' | 'sending' | 'retrying' | 'delivered' | 'failed';

export type WebhookDeliveriesTable = {
  id: Generated<string>;
  endpoint_id: number;
  event_id: number;
  event_cursor: string;
  event_type: string;
  replay: Defaulted<boolean>;
  webhook_id: string;
  body: string;
  state: Defaulted<WebhookDeliveryState>;
  attempts: Defaulted<number>;
  next_attempt_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  first_attempt_at: NullableTimestamp;
  last_status: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  delivered_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type EntryApprovalsTable = {
  id: Generated<number>;
  entry_id: number;
  path_to_7501: string;
  decision: 'approved' | 'queried';
  comment: Defaulted<string>;
  user_id: number | null;
  decided_at: CreatedAt;
};

/** A user's monthly report e-mail (migration 0032). */
export type ReportSubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  report: string;
  created_at: CreatedAt;
};

/** The durable queue of the monthly report e-mails, one per subscription and month (migration 0032). */
export type ReportMailTable = {
  id: Generated<string>;
  subscription_id: number;
  period: string;
  state: Defaulted<string>;
  attempts: Defaulted<number>;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  first_attempt_at: Date | null;
  last_error: string | null;
  message_id: string;
  sent_at: Date | null;
  created_at: CreatedAt;
};

export type Database = {
  companies: CompaniesTable;
  accounts: AccountsTable;
  shipment_counts: ShipmentCountsTable;
  shipment_free_days: ShipmentFreeDaysTable;
  shipment_search_texts: ShipmentSearchTextsTable;
  users: UsersTable;
  user_accounts: UserAccountsTable;
  user_changes: UserChangesTable;
  broker_events: BrokerEventsTable;
  sessions: SessionsTable;
  sign_in_links: SignInLinksTable;
  password_resets: PasswordResetsTable;
  user_second_factors: UserSecondFactorsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  login_throttle: LoginThrottleTable;
  upload_counts: UploadCountsTable;
  login_known_clients: LoginKnownClientsTable;
  shipments: ShipmentsTable;
  containers: ContainersTable;
  container_free_days: ContainerFreeDaysTable;
  container_lfd_changes: ContainerLfdChangesTable;
  container_reminders: ContainerRemindersTable;
  demurrage_alerts: DemurrageAlertsTable;
  bills_of_lading: BillsOfLadingTable;
  document_types: DocumentTypesTable;
  documents: DocumentsTable;
  shipment_notes: ShipmentNotesTable;
  request_keys: RequestKeysTable;
  shipment_activity: ShipmentActivityTable;
  truckers: TruckersTable;
  trucker_emails: TruckerEmailsTable;
  warehouses: WarehousesTable;
  warehouse_emails: WarehouseEmailsTable;
  delivery_orders: DeliveryOrdersTable;
  delivery_order_containers: DeliveryOrderContainersTable;
  delivery_order_bills: DeliveryOrderBillsTable;
  invoices: InvoicesTable;
  account_invoice_totals: AccountInvoiceTotalsTable;
  invoice_unpaid_days: InvoiceUnpaidDaysTable;
  company_user_counts: CompanyUserCountsTable;
  payment_instructions: PaymentInstructionsTable;
  notifications: NotificationsTable;
  notification_emails: NotificationEmailsTable;
  mail_messages: MailMessagesTable;
  mail_events: MailEventsTable;
  broker_api_keys: BrokerApiKeysTable;
  customs_entries: CustomsEntriesTable;
  customs_entry_lines: CustomsEntryLinesTable;
  customs_entry_dispositions: CustomsEntryDispositionsTable;
  customs_entry_disposition_history: CustomsEntryDispositionHistoryTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  entry_approvals: EntryApprovalsTable;
  report_subscriptions: ReportSubscriptionsTable;
  report_mail: ReportMailTable;
  security_events: SecurityEventsTable;
  security_event_counts: SecurityEventCountsTable;
  security_event_day_counts: SecurityEventDayCountsTable;
};

export type User = Selectable<UsersTable>;
export type NewShipment = Insertable<ShipmentsTable>;
