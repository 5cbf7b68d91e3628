import { z } from 'zod';
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
} as const;

/** A batch carries at most this many records; more answers 413. */
export const MAX_BATCH_RECORDS = 1000;
/** A batch's body is at most this many bytes; more answers 413. */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;

const Text = (max: number) => z.string().trim().max(max);
const Key = z.string().trim().min(1).max(64);
/** A `timestamp` as the portal stores it: `YYYY-MM-DD HH:MM:SS`, or null when unknown. */
const LocalTimestamp = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, 'must be YYYY-MM-DD HH:MM:SS')
  .nullable();

export const CompanyRecord = z.object({
  kind: z.literal('company'),
  /** The brokerage's own identifier of the company. */
  company_id: Key,
  name: Text(200).min(1),
  primary_contact: Text(200).default(''),
});

export const AccountRecord = z.object({
  kind: z.literal('account'),
  account_no: Key,
  company_id: Key,
  name: Text(200).default(''),
  document_tracking: z.boolean().default(false),
});

const STATUS_VALUES = Object.values(SHIPMENT_STATUSES) as [string, ...string[]];

/** Every field of the shipment detail the brokerage knows (spec section 3). */
export const ShipmentRecord = z.object({
  kind: z.literal('shipment'),
  file_number: Key,
  account_no: Key,
  status: z.enum(STATUS_VALUES),
  customer_reference_no: Text(200).default(''),
  est_time_arrive: LocalTimestamp.default(null),
  shipment_discharge_date: LocalTimestamp.default(null),
  fda_review: Text(200).default(''),
  origin: Text(200).default(''),
  destination_terminal: Text(200).default(''),
  steamship_line: Text(200).default(''),
  vessel_name: Text(200).default(''),
  unlading_code: Text(20).default(''),
  unlading_name: Text(200).default(''),
  transport_mode: Text(20).default(''),
  transport_mode_description: Text(200).default(''),
  document_note: Text(2000).default(''),
  comment: Text(2000).default(''),
});

/** One tracking event of a container, as the shipment detail shows it. */
export const TrackingEventRecord = z.object({
  location: Text(200),
  type: Text(200),
  date: Text(40),
});

/** A container of a shipment, with its whole tracking history (sent again, it replaces it). */
export const ContainerRecord = z.object({
  kind: z.literal('container'),
  file_number: Key,
  container_no: Key,
  tracking_events: z.array(TrackingEventRecord).max(500).default([]),
});

export const BillOfLadingRecord = z.object({
  kind: z.literal('bill_of_lading'),
  file_number: Key,
  bill_lading: Key,
  is_master: z.boolean(),
});

/** A document type the shipment needs (required) or no longer needs (required: false). */
export const RequiredDocumentTypeRecord = z.object({
  kind: z.literal('required_document_type'),
  file_number: Key,
  type: Text(100).min(1),
  required: z.boolean().default(true),
});

export const DeliveryOrderApprovalRecord = z.object({
  kind: z.literal('delivery_order_approval'),
  delivery_order_id: z.number().int().positive().max(2_147_483_647),
});

export const IngestionRecord = z.discriminatedUnion('kind', [
  CompanyRecord,
  AccountRecord,
  ShipmentRecord,
  ContainerRecord,
  BillOfLadingRecord,
  RequiredDocumentTypeRecord,
  DeliveryOrderApprovalRecord,
]);
export type IngestionRecord = z.infer<typeof IngestionRecord>;
export type RecordKind = IngestionRecord['kind'];

/**
 * The body: records are checked one by one by the server (IngestionRecord), so one bad record is
 * refused in its result and the others go on; only a body that is not a batch answers 400.
 */
export const IngestionRequest = z.object({
  records: z.array(z.unknown()).min(1).max(MAX_BATCH_RECORDS),
});
export type IngestionRequest = z.infer<typeof IngestionRequest>;

export const RECORD_OUTCOMES = ['created', 'updated', 'unchanged', 'refused'] as const;
export type RecordOutcome = (typeof RECORD_OUTCOMES)[number];

export const RecordResult = z.object({
  index: z.number().int(),
  /** The record's identifier as sent (`kind:id`), or null when it could not be read. */
  key: z.string().nullable(),
  outcome: z.enum(RECORD_OUTCOMES),
  reason: z.string().optional(),
  field: z.string().optional(),
});
export type RecordResult = z.infer<typeof RecordResult>;

export const IngestionResponse = z.object({ results: z.array(RecordResult) });
export type IngestionResponse = z.infer<typeof IngestionResponse>;

/** The identifier a record is upserted by, as its result names it. */
export function recordKey(record: IngestionRecord): string {
  switch (record.kind) {
    case 'company':
      return `company:${record.company_id}`;
    case 'account':
      return `account:${record.account_no}`;
    case 'shipment':
      return `shipment:${record.file_number}`;
    case 'container':
      return `container:${record.file_number}/${record.container_no}`;
    case 'bill_of_lading':
      return `bill_of_lading:${record.file_number}/${record.is_master ? 'master' : 'house'}/${record.bill_lading}`;
    case 'required_document_type':
      return `required_document_type:${record.file_number}/${record.type}`;
    case 'delivery_order_approval':
      return `delivery_order_approval:${record.delivery_order_id}`;
  }
}
