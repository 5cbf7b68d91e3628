import { ACTIVE_STATUS } from '@clearport/contract/constants';
import { DeliveryOrder, deliveryOrderRevision } from '@clearport/contract/delivery-orders';
import type { ShipmentDetail, ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import type { ShipmentDocument } from '@clearport/contract/shipment-documents';
import type { Trucker } from '@clearport/contract/truckers';
import type { Warehouse } from '@clearport/contract/warehouses';

/** A shipment in pending documents with the ISF on file; `changes` sets what a test looks at. */
export function shipmentDetail(changes: Partial<ShipmentDetail> = {}): ShipmentDetail {
  return {
    id: 12,
    file_number: 'DMI-4120012-1',
    customer_reference_no: 'PO-48213',
    status: 'pending documents',
    isf_transaction_no: 'ISF-2026-104233',
    isf_submit_date: '2026-10-30 09:15:00',
    est_time_arrive: '2026-11-24 14:00:00',
    shipment_discharge_date: '0000-00-00 00:00:00',
    fda_review: '',
    origin: 'Shanghai, China',
    destination_terminal: 'Fenix Marine Services',
    steamship_line: 'MSC',
    vessel_name: 'MSC TINA',
    unlading_code: '2704',
    unlading_name: 'Los Angeles, CA',
    transport_mode: '11',
    transport_mode_description: 'Vessel, container',
    documents: [],
    document_note: '',
    types: [
      { type: 'Arrival Notice', required: 1, submitted: 1 },
      { type: 'Bill of Lading', required: 1, submitted: 0 },
      { type: 'Certificate of Origin', required: 0, submitted: 0 },
    ],
    containers: [
      {
        id: 31,
        container_no: 'MSCU4412093',
        tracking_info: JSON.stringify([
          { location: 'Shanghai, China', type: 'Loaded on vessel', date: '2026-10-29T08:00:00.000Z' },
          { location: 'Shanghai, China', type: 'Vessel departed', date: '2026-10-30T04:00:00.000Z' },
        ]),
      },
      { id: 32, container_no: 'TGHU8830021', tracking_info: '[]' },
    ],
    bill_lading: [{ id: 41, bill_lading: 'MEDU123456789', is_master_bill_lading: 1 }],
    delivery_orders: [],
    shipment_notes: [],
    comment: '',
    invoices: [],
    path_to_7501: null,
    supplementary_documents: [],
    ignored_shipment: 0,
    master_bill_lading: 'MEDU123456789',
    house_bill_lading: '',
    ...changes,
  };
}

export function detailReply(
  changes: Partial<ShipmentDetail> = {},
  reviewed: ShipmentDetailResponse['7501_reviewed'] = 0,
): ShipmentDetailResponse {
  return { shipment: shipmentDetail(changes), '7501_reviewed': reviewed };
}

export function shipmentDocument(id: number, changes: Partial<ShipmentDocument> = {}): ShipmentDocument {
  return {
    id,
    shipment_id: 12,
    document_type: '',
    path: `documents/0000000${id}-aaaa-bbbb-cccc-dddddddddddd.pdf`,
    name: `Upload ${id}.pdf`,
    size: 48_213 * id,
    uploaded_at: '2026-11-05T15:20:00.000Z',
    ...changes,
  };
}

/** Read through the contract's schema, as the page reads the server's reply. */
export function deliveryOrder(id: number, changes: Partial<DeliveryOrder> = {}): DeliveryOrder {
  const order = {
    id,
    trucker_id: 5,
    warehouse_id: 6,
    reference_number: 'PO-48213',
    note: '',
    pickup_date: null,
    containers: [31],
    bill_ladings: [41],
    approved: 0,
    path: null,
    sent_at: null,
    trucker: trucker(5, 'Harbor Express Drayage', {
      phone: '(310) 555-0142',
      trucker_emails: [{ email: 'dispatch@harborexpress.test', cc_emails: [] }],
    }),
    warehouse: warehouse(6, 'Carson Distribution Center', {
      phone: '(310) 555-0171',
      address: '2250 E Dominguez St',
      emails: [{ name: 'Luis Ortega', email: 'receiving.carson@demoimports.test' }],
    }),
    delivery_order_containers: [{ container_id: 31, container: { id: 31, container_no: 'MSCU4412093' } }],
    ...changes,
  };
  return DeliveryOrder.parse({ revision: deliveryOrderRevision(order), ...order });
}

/** An active trucker of the company, without contacts unless `changes` gives them. */
export function trucker(id: number, name: string, changes: Partial<Trucker> = {}): Trucker {
  return {
    id,
    name,
    phone: '',
    status: ACTIVE_STATUS,
    deleted_at: null,
    trucker_emails: [{ email: '', cc_emails: [] }],
    ...changes,
  };
}

/** An active warehouse of the company in Carson, CA, without contacts unless `changes` gives them. */
export function warehouse(id: number, name: string, changes: Partial<Warehouse> = {}): Warehouse {
  return {
    id,
    name,
    phone: '',
    address: '',
    city: 'Carson',
    state: 'CA',
    zip: '90810',
    status: ACTIVE_STATUS,
    deleted_at: null,
    user_id: null,
    emails: [],
    ...changes,
  };
}

/** The row the warehouse form saves for a new warehouse that keeps the form's address defaults (New York, NY 10001). */
export function newWarehouseRow(name: string, contactName = '') {
  return {
    name,
    phone: '',
    address: '',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    emails: [{ name: contactName, email: '' }],
  };
}
