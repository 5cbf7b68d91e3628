import type { ProfileResponse } from '@clearport/contract/auth';
import type { HomeShipmentsResponse, ShipmentListItem, ShipmentsListResponse } from '@clearport/contract/shipments';

/** A list row with plain values; `changes` sets what a test looks at. */
export function shipmentRow(id: number, changes: Partial<ShipmentListItem> = {}): ShipmentListItem {
  return {
    id,
    file_number: `DMI-41200${String(id).padStart(2, '0')}-1`,
    account_no: '40001',
    master_bill_lading: [`MAEU${String(id).padStart(9, '0')}`],
    house_bill_lading: [],
    containers: [`MSCU${String(id).padStart(7, '0')}`],
    customer_reference_no: `PO-${id}`,
    est_time_arrive: `2026-11-${String((id % 28) + 1).padStart(2, '0')} 10:00:00`,
    fda_review: '',
    status: 'submitted',
    documents_submitted: [],
    next_free_day: null,
    next_free_day_kind: null,
    ...changes,
  };
}

/** A row's place in the default order, as the server writes it. */
const cursorOf = (row: ShipmentListItem | undefined) =>
  row ? JSON.stringify([`${row.est_time_arrive}.000000`, row.id]) : null;

export function listReply(rows: ShipmentListItem[], total = rows.length, page = 1): ShipmentsListResponse {
  return {
    data: rows,
    pagination: {
      total,
      last_page: Math.max(1, Math.ceil(total / 40)),
      current_page: page,
      per_page: 40,
      cursors: { before: cursorOf(rows[0]), after: cursorOf(rows.at(-1)) },
    },
  };
}

/** The counts of Home's boxes, as the server sends them. */
export const HOME_COUNTS = {
  pending_docs: 55,
  '7501_to_review': 29,
  before_summary: 160,
  under_exam: 22,
  fda_exam: 33,
  shipments_without_do: 150,
};

/** The columns of the shipments table, in order, as the spec names them. */
export const SHIPMENT_COLUMNS = [
  'Entry Number',
  'Account no',
  'Master Bill of Lading',
  'House Bill of Lading',
  'Container Number(s)',
  'Reference Number',
  'ETA',
  'FDA',
  'Status',
] as const;

export function homeReply(rows: ShipmentListItem[], accounts = '40001,40002,40003'): HomeShipmentsResponse {
  return {
    ...HOME_COUNTS,
    data: rows,
    result: rows,
    accounts,
    awaiting_approval: null,
    possible_charges: 4,
  };
}

export const PROFILE: ProfileResponse = {
  id: 1,
  name: 'Maria Delgado',
  email: 'primary@demo.test',
  role: 3,
  company: {
    id: 1,
    name: 'Demo Imports LLC',
    primary_contact: 'Maria Delgado',
    entry_approval: 'none',
    time_zone: 'America/New_York',
  },
  session_idle_minutes: 30,
  broker_email: 'support@clearport.test',
  accounts: [
    { account_no: '40001', document_tracking: false },
    { account_no: '40002', document_tracking: false },
    { account_no: '40003', document_tracking: true },
  ],
};
