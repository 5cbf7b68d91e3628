import { z } from 'zod';
import { SHIPMENT_BILLS_MAX, SHIPMENT_CONTAINERS_MAX } from './constants.ts';
import {
  AccountRecord,
  AgencyDispositionRecord,
  BillOfLadingRecord,
  BrokerEvent,
  CompanyRecord,
  ContainerFreeDaysRecord,
  ContainerRecord,
  DeliveryOrderApprovalRecord,
  EntryLineRecord,
  EntryRecord,
  EntrySummaryRecord,
  FileRecord,
  IngestionRecord,
  IngestionRequest,
  InvoiceRecord,
  MULTIPART_RECORDS_FIELD,
  NotificationListRecord,
  DemurrageAlertsRecord,
  NotificationRecord,
  PrimaryUserRecord,
  RECORD_REFUSAL_CODES,
  type RecordRefusalCode,
  RecordResult,
  RequiredDocumentTypeRecord,
  ShipmentRecord,
  TrackingEventRecord,
} from './ingestion.ts';

/*
 * What the broker API's description (OpenAPI, /api/broker/docs) says of the records and events
 * beyond their types: each schema named as a component, with what it means and an example. The
 * API registers these once, before it describes its routes; the web never loads them.
 */

const PARTIAL =
  'A record changes only the fields it carries: a field left out keeps what the portal holds, a field ' +
  'sent as null is cleared. The upsert key plus one field is a valid milestone.';

/** The examples with a file are a multipart batch's; a JSON batch sends the file's bytes instead. */
const FILE_EXAMPLE =
  'The example names its PDF by the file part of a multipart/form-data batch (part); in a JSON batch, send ' +
  '{ "name": …, "content_base64": … } instead.';

/**
 * Each record kind: its description and an example. Tests check every example against its schema, and
 * that the examples, pasted in this order as one batch, are taken without touching the demo's records.
 */
export const RECORD_DOCS = [
  {
    schema: CompanyRecord,
    id: 'CompanyRecord',
    description: `A customer company, keyed by the brokerage's company_id; name is needed to create one. ${PARTIAL}`,
    example: { kind: 'company', company_id: 'C-1', name: 'Harbor Goods Inc', primary_contact: 'Ada Lane' },
  },
  {
    schema: AccountRecord,
    id: 'AccountRecord',
    description: `An importer account of a company, keyed by account_no; company_id is needed to create one. ${PARTIAL}`,
    example: { kind: 'account', account_no: '77001', company_id: 'C-1', name: 'Harbor Goods East' },
  },
  {
    schema: ShipmentRecord,
    id: 'ShipmentRecord',
    description:
      `A shipment (entry), keyed by file_number; account_no and status are needed to create one. ${PARTIAL} ` +
      'A status milestone: {"kind":"shipment","file_number":"…","status":"released"}.',
    example: {
      kind: 'shipment',
      file_number: '11223344556',
      account_no: '77001',
      status: 'submitted',
      customer_reference_no: 'PO-7731',
      est_time_arrive: '2026-12-01 08:00:00',
      origin: 'Shanghai, China',
      steamship_line: 'Maersk',
      vessel_name: 'Maersk Ohio',
      unlading_code: '4601',
      unlading_name: 'Newark, NJ',
      transport_mode: '11',
      transport_mode_description: 'Vessel, containerized',
    },
  },
  {
    schema: ContainerRecord,
    id: 'ContainerRecord',
    description:
      'A container of a shipment, keyed by file_number and container_no. tracking_events, when sent, replaces ' +
      'its tracking history; left out, the history stays.',
    example: {
      kind: 'container',
      file_number: '11223344556',
      container_no: 'MSKU1234565',
      tracking_events: [{ location: 'Newark, NJ', type: 'Discharged', date: '2026-12-02 06:40' }],
    },
  },
  {
    schema: ContainerFreeDaysRecord,
    id: 'ContainerFreeDaysRecord',
    description:
      "A container's free days at the terminal and with the trucker, keyed by file_number and container_no (the " +
      'container must be in the portal): discharge, availability, last free days, holds, gate-out, delivery and empty ' +
      'return, and demurrage and detention rates as tiers. A field left out stays, null clears it.',
    example: {
      kind: 'container_free_days',
      file_number: '11223344556',
      container_no: 'MSKU1234565',
      discharged_at: '2026-11-02T06:40:00-05:00',
      available_at: '2026-11-03T08:00:00-05:00',
      terminal_last_free_day: '2026-11-07',
      customs_hold: false,
      line_hold: true,
      demurrage_rates: [
        { from_day: 1, cents_per_day: 15000 },
        { from_day: 5, cents_per_day: 30000 },
      ],
      detention_last_free_day: '2026-11-14',
    },
  },
  {
    schema: BillOfLadingRecord,
    id: 'BillOfLadingRecord',
    description: 'A master or house bill of lading of a shipment; sent again, it is unchanged.',
    example: { kind: 'bill_of_lading', file_number: '11223344556', bill_lading: 'MAEU123456789', is_master: true },
  },
  {
    schema: RequiredDocumentTypeRecord,
    id: 'RequiredDocumentTypeRecord',
    description: 'A document type the shipment needs (required, the default) or no longer needs (required: false).',
    example: { kind: 'required_document_type', file_number: '11223344556', type: 'Commercial Invoice' },
  },
  {
    schema: DeliveryOrderApprovalRecord,
    id: 'DeliveryOrderApprovalRecord',
    description: 'Approves a delivery order a customer created, so that they can send it (the id the feed named).',
    example: { kind: 'delivery_order_approval', delivery_order_id: 812 },
  },
  {
    schema: PrimaryUserRecord,
    id: 'PrimaryUserRecord',
    description:
      "The company's primary user, keyed by e-mail; name is needed to create one, who gets the set-password " +
      'e-mail unless send_password_link is false. Until the company sets them, its notification lists go to them.',
    example: { kind: 'primary_user', company_id: 'C-1', email: 'ada@harborgoods.example', name: 'Ada Lane' },
  },
  {
    schema: EntrySummaryRecord,
    id: 'EntrySummaryRecord',
    description:
      "The shipment's CBP 7501 (a PDF) for the importer's review; other bytes replace it and ask for a new review. " +
      FILE_EXAMPLE,
    example: { kind: 'entry_summary', file_number: '11223344556', file: { name: '7501.pdf', part: 'f7501' } },
  },
  {
    schema: InvoiceRecord,
    id: 'InvoiceRecord',
    description:
      `An invoice of an account, keyed by account_no and invoice_number; pdf is needed to create one. ${PARTIAL} ` +
      'Marking it paid: {"kind":"invoice","invoice_number":"…","account_no":"…","is_paid":true}. ' +
      FILE_EXAMPLE,
    example: {
      kind: 'invoice',
      invoice_number: 'INV-20931',
      account_no: '77001',
      file_number: '11223344556',
      amount: '1250.40',
      due_date: '2026-12-20',
      pdf: { name: 'INV-20931.pdf', part: 'inv20931' },
    },
  },
  {
    schema: NotificationRecord,
    id: 'NotificationRecord',
    description:
      'A Home banner message for one company or, with a null company_id, for all; active: false takes it down.',
    example: {
      kind: 'notification',
      company_id: null,
      message: 'The portal is down for maintenance Sunday 2-4 am ET.',
    },
  },
  {
    schema: NotificationListRecord,
    id: 'NotificationListRecord',
    description: `One of a company's four notification lists: its recipient and copies. ${PARTIAL}`,
    example: {
      kind: 'notification_list',
      company_id: 'C-1',
      list: 'invoice',
      email: 'ap@harborgoods.example',
      cc_emails: ['cfo@harborgoods.example'],
    },
  },
  {
    schema: DemurrageAlertsRecord,
    id: 'DemurrageAlertsRecord',
    description:
      `A company's fifth list, "Demurrage and detention": its recipient, copies and reminder days. ` +
      `Until it is set, the delivery list's recipient and copies get the reminders. ${PARTIAL}`,
    example: {
      kind: 'demurrage_alerts',
      company_id: 'C-1',
      email: 'logistics@harborgoods.example',
      cc_emails: ['dispatch@harborgoods.example'],
      reminder_days: 3,
    },
  },
  {
    schema: EntryRecord,
    id: 'EntryRecord',
    description:
      'A customs entry of a shipment, keyed by entry_number (XXX-NNNNNNN-C; a wrong check digit is refused, the rule is in its field description); ' +
      "file_number is needed to create one. Codes are CBP's: entry_type (01, 03, 06, 11, 21, 23, 61 …), " +
      'port_code (Schedule D). Its entered value and duty are the sums of its entry_line records. ' +
      PARTIAL,
    example: {
      kind: 'entry',
      entry_number: 'HGI-2041117-7',
      file_number: '11223344556',
      entry_type: '01',
      port_code: '4601',
      entry_date: '2026-11-02',
      release_date: '2026-11-04',
      bond_type: 'continuous',
      importer_of_record: '12-3456789AB',
      mode: 'ocean',
      country_of_origin: 'CN',
      country_of_export: 'CN',
      mpf: '74.37',
      hmf: '26.84',
    },
  },
  {
    schema: EntryLineRecord,
    id: 'EntryLineRecord',
    description:
      'A line of an entry, keyed by entry_number and line_number; hts_number (ten digits) is needed to create ' +
      'one. section_301_duty is the Section 301 part of duty, filed on its own Chapter 99 line (9903.88.xx): ' +
      'only a line flagged section_301 carries it, at most its duty; to take the flag off a line that has it, ' +
      'send section_301_duty: null with section_301: false. ' +
      'A line the customs system dropped is removed with {"kind":"entry_line","entry_number":"…",' +
      '"line_number":N,"deleted":true} (outcome deleted, or unchanged when there is no such line). ' +
      PARTIAL,
    example: {
      kind: 'entry_line',
      entry_number: 'HGI-2041117-7',
      line_number: 1,
      hts_number: '9403609081',
      description: 'Wooden dining chairs',
      quantity: '240',
      unit: 'No.',
      entered_value: '21470.00',
      duty_rate: 'Free + 25%',
      duty: '5367.50',
      section_301: true,
      section_301_duty: '5367.50',
    },
  },
  {
    schema: AgencyDispositionRecord,
    id: 'AgencyDispositionRecord',
    description:
      "An agency's disposition of an entry (CBP or a partner agency: FDA, APHIS, FSIS, EPA, CPSC, FWS, NHTSA, " +
      'TTB, NMFS), keyed by entry_number and agency: the current one, kept with its history.',
    example: {
      kind: 'agency_disposition',
      entry_number: 'HGI-2041117-7',
      agency: 'FDA',
      disposition: 'hold_intact',
      disposed_at: '2026-11-03T14:20:00-05:00',
      note: 'Sampling requested',
    },
  },
] as const;

/**
 * The feed's event types and what each one's `detail` holds. `user_email` is who acted;
 * `file_number` and `account_no` name the shipment of a shipment event, as they were then.
 */
const ORDER_NAMES = 'trucker, warehouse, container_nos, bill_numbers';

export const EVENT_TYPE_DOCS: Record<string, string> = {
  'document.uploaded': '{ document_id, path, name, size }: a document a customer uploaded; file_url downloads it.',
  'document.deleted': '{ document_id, path, name }: a document a customer deleted.',
  'document_types.set': "{ types }: the shipment's document types a customer marked as submitted.",
  'document_types.unset': '{ types }: the document types a customer marked as not submitted.',
  'isf.filed':
    '{ isf_transaction_no, isf_submit_date }: the customer filed the ISF themselves (the number reads N\\A); ' +
    'isf_submit_date is the moment of filing in UTC, YYYY-MM-DD HH:MM:SS.',
  'status.changed': '{ from, to, after }: the status a customer act moved (after: the act that moved it).',
  'note.added': '{ note_id, text, author, role }: a note a customer wrote under the shipment.',
  'reference.changed': '{ from, to }: the customer reference number.',
  'ignored.changed': '{ from, to }: Skip Delivery Order ticked (true) or taken back.',
  '7501_reviewed.changed': '{ from, to }: the 7501 marked reviewed (true) or taken back.',
  'entry.approved':
    '{ entry_number, path_to_7501, duty_cents }: the company confirmed the 7501 of an entry its rule holds for approval.',
  'entry.queried':
    '{ entry_number, path_to_7501, duty_cents, comment }: the company queried that 7501 instead, saying why in comment.',
  'delivery_order.created':
    '{ delivery_order_id, trucker_id, warehouse_id, reference_number, note, pickup_date, containers, bill_ladings, ' +
    `reused_containers, ${ORDER_NAMES} }: approve it with a delivery_order_approval record. reused_containers is ` +
    "true when the user chose containers another order already names. The ids are the portal's; " +
    `${ORDER_NAMES} name the same trucker, warehouse, containers and bills as your system knows them.`,
  'delivery_order.updated':
    `{ delivery_order_id, changes, approval_withdrawn, reused_containers, ${ORDER_NAMES} }: changes holds each ` +
    `field changed as { from, to } (the portal's ids for trucker, warehouse, containers and bills); ${ORDER_NAMES} ` +
    'are the order as it is now.',
  'delivery_order.deleted':
    `{ delivery_order_id, trucker_id, warehouse_id, containers, bill_ladings, approved, sent_at, path, ${ORDER_NAMES} }. ` +
    'With no user_email, by is broker and reason shipment_moved_to_another_company: your move of its shipment to ' +
    "another company deleted it (it named the first company's trucker and warehouse).",
  'delivery_order.sent': '{ delivery_order_id, path, to, cc, message_id }: sent to the trucker.',
  'user.created':
    '{ user_id, user_email, name, email, role, accounts, password }: a user added; password is typed (the adding ' +
    'user chose it) or link (the new user was sent a set-password e-mail).',
  'user.updated': '{ user_id, user_email, and each field changed }: a user changed.',
  'user.deleted': '{ user_id, user_email, … }: a user removed.',
  'user.password_link_sent': '{ user_id, user_email }: a set-password e-mail sent to a user.',
  'user.sessions_ended':
    '{ user_id, user_email, ended }: a user signed out everywhere by a manager; ended is how many sign-ins ended.',
  'user.two_factor_reset':
    "{ user_id, user_email }: a user's second factor reset by a manager; they set up a new one at their next sign-in.",
  'container.lfd_changed':
    "{ container_no, which, from, to }: a container's last free day changed (which: terminal, or detention for " +
    'the return of the empty; from and to are YYYY-MM-DD or null), by a container_free_days record. No user_email.',
  'container.demurrage_started':
    "{ container_no, last_free_day }: the day after its terminal last free day came in the company's time zone " +
    'and the container is still at the terminal, so demurrage runs. Told once per last free day. No user_email.',
};

/** What each refusal code means, for a program that switches on it; `reason` says it in words. */
export const RECORD_REFUSAL_CODE_DOCS: Record<RecordRefusalCode, string> = {
  invalid_field:
    'a field fails its type, format, length or enum, or is not a field of its kind of record; field names it.',
  unstorable_text: 'a text holds what no text may (a NUL, a lone surrogate).',
  needed_to_create: 'the record would create, and leaves out a field a new one needs; field names it.',
  unknown_company: 'the company the record names is not in the portal: send the company record first.',
  unknown_account: 'the account the record names is not in the portal: send the account record first.',
  unknown_shipment:
    'the shipment (file_number) the record names is not in the portal: send the shipment record first. A parent ' +
    'counts once it came earlier in the same batch or in a batch already answered; one in a batch another client ' +
    'is still sending is not there yet. An invoice naming a shipment of another account is refused with it too, ' +
    'its reason saying so: sending that shipment record with this account_no would move the shipment.',
  unknown_delivery_order: 'there is no delivery order of that id.',
  unknown_container:
    'the container (file_number, container_no) the record names is not in the portal: send the container record first.',
  unknown_entry: 'the entry (entry_number) the record names is not in the portal: send the entry record first.',
  too_many_containers:
    `the shipment holds ${SHIPMENT_CONTAINERS_MAX.toLocaleString('en-US')} containers already: a new one is ` +
    'refused (one it holds is still updated).',
  too_many_bills:
    `the shipment holds ${SHIPMENT_BILLS_MAX.toLocaleString('en-US')} bills of lading already, master and house ` +
    'together: a new one is refused (one it holds is still answered unchanged).',
  user_conflict: "the e-mail belongs to another company's user or to another role.",
  missing_part: 'the record names a file part the multipart batch does not have.',
  file_too_large: 'the file is larger than 20 MB.',
  not_a_pdf: 'the file is not a PDF.',
  database_refused: 'the database refused a value the checks let through; reason gives the SQLSTATE.',
};

let isRegistered = false;

/** Names the schemas and adds their descriptions and examples, once. */
export function registerIngestionDocs(): void {
  if (isRegistered) return;
  isRegistered = true;
  for (const record of RECORD_DOCS) {
    // `example`, not `examples`: zod leaves examples out of a schema read as input when it transforms.
    z.globalRegistry.add(record.schema, { id: record.id, description: record.description, example: record.example });
  }
  z.globalRegistry.add(TrackingEventRecord, { id: 'TrackingEvent' });
  z.globalRegistry.add(FileRecord, {
    id: 'RecordFile',
    description:
      'A PDF: in the record as content_base64, or in a multipart/form-data batch as the file part that part names.',
  });
  z.globalRegistry.add(IngestionRecord, {
    id: 'IngestionRecord',
    description: 'One record of a batch; kind says which.',
  });
  z.globalRegistry.add(IngestionRequest.shape.records, {
    description:
      'The records, each checked and answered on its own (a refused record costs only itself). As ' +
      `multipart/form-data the same array is the JSON of the field \`${MULTIPART_RECORDS_FIELD}\`.`,
    items: { $ref: '#/components/schemas/IngestionRecordInput' },
  });
  z.globalRegistry.add(RecordResult.shape.code, {
    description: [
      'Why a record was refused, for a program to switch on (reason says it in words):',
      ...RECORD_REFUSAL_CODES.map((code) => `- \`${code}\`: ${RECORD_REFUSAL_CODE_DOCS[code]}`),
    ].join('\n'),
  });
  z.globalRegistry.add(BrokerEvent.shape.type, {
    description: Object.entries(EVENT_TYPE_DOCS)
      .map(([type, detail]) => `- \`${type}\`: detail ${detail}`)
      .join('\n'),
    enum: Object.keys(EVENT_TYPE_DOCS),
  });
}
