import { UNKNOWN_DATE_TIME } from '@clearport/contract/constants';
import { toFlag } from '@clearport/contract/http';
import { isReadOnly } from '@clearport/contract/roles';
import { formatInstantText } from '@clearport/contract/shipments';
import {
  ISF_FILED_BY_CLIENT,
  type ShipmentDetailResponse,
  type ShipmentNote,
} from '@clearport/contract/shipment-detail';
import { type ShipmentDocument } from '@clearport/contract/shipment-documents';
import type { Db } from '../../db/connect.ts';
import { accessRepository } from '../access/access.repository.ts';
import { deliveryOrdersReads } from '../delivery-orders/delivery-orders.reads.ts';
import type { SessionUser } from '../access/session-user.ts';
import { invoicesReads } from '../invoices/invoices.reads.ts';

/*
 * The detail page's reading, and the writes of its actions (file-isf.ts and its siblings) to the
 * shipment itself. Every read starts from the access check: the shipment row through
 * accessRepository.shipments, everything under it by the id that check gave. The actions write
 * inside changeShipment, which locks the shipment row first (through the same check), so two
 * changes of one shipment take turns and the status rules see the latest state.
 */

/** The shipment's document types in the order they were added. */
export async function documentTypesOf(db: Db, shipmentId: number) {
  return db
    .selectFrom('document_types')
    .select(['type', 'required', 'submitted'])
    .where('shipment_id', '=', shipmentId)
    .orderBy('id')
    .execute();
}

export function toShipmentDocument(row: {
  id: number;
  shipment_id: number;
  document_type: string;
  path: string;
  original_name: string;
  size: number;
  created_at: Date;
}): ShipmentDocument {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    document_type: row.document_type,
    path: row.path,
    name: row.original_name,
    size: row.size,
    uploaded_at: row.created_at.toISOString(),
  };
}

function notesOf(db: Db, shipmentId: number) {
  return db
    .selectFrom('shipment_notes')
    .leftJoin('users', 'users.id', 'shipment_notes.user_id')
    .select([
      'shipment_notes.id',
      'shipment_notes.role',
      'shipment_notes.comments',
      'shipment_notes.created_at',
      'users.name',
    ])
    .where('shipment_notes.shipment_id', '=', shipmentId)
    .orderBy('shipment_notes.created_at')
    .orderBy('shipment_notes.id');
}

function toNote(row: {
  id: number;
  role: number;
  comments: string;
  created_at: Date;
  name: string | null;
}): ShipmentNote {
  return {
    id: row.id,
    role: row.role,
    comments: row.comments,
    created_at: row.created_at.toISOString(),
    name: row.name ?? '',
  };
}

export const shipmentDetailRepository = {
  /** GET user/shipments/details/{id}: undefined when the caller may not see the shipment. */
  async find(db: Db, user: SessionUser, shipmentId: number): Promise<ShipmentDetailResponse | undefined> {
    const shipment = await accessRepository
      .shipments(db, user)
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .selectAll('shipments')
      .select('accounts.account_no')
      .where('shipments.id', '=', shipmentId)
      .executeTakeFirst();
    if (!shipment) return undefined;
    const id = shipment.id;
    // Role 11's view has no notes, delivery orders or file links (the 7501 and invoices): it is
    // not sent them, nor the 7501 among the documents.
    const readOnly = isReadOnly(user.role);
    const [containers, bills, types, documents, notes, deliveryOrders, invoices] = await Promise.all([
      db.selectFrom('containers').selectAll().where('shipment_id', '=', id).orderBy('id').execute(),
      db.selectFrom('bills_of_lading').selectAll().where('shipment_id', '=', id).orderBy('id').execute(),
      documentTypesOf(db, id),
      accessRepository
        .documents(db, user)
        .select(['id', 'shipment_id', 'document_type', 'path', 'original_name', 'size', 'created_at', 'supplementary'])
        .where('shipment_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      readOnly ? [] : notesOf(db, id).execute(),
      readOnly ? [] : deliveryOrdersReads.ordersOf(db, id),
      readOnly ? [] : invoicesReads.ofShipment(db, user, id, new Date()),
    ]);
    const masterBills = bills.filter((bill) => bill.is_master).map((bill) => bill.bill_lading);
    const houseBills = bills.filter((bill) => !bill.is_master).map((bill) => bill.bill_lading);
    return {
      shipment: {
        id,
        file_number: shipment.file_number,
        customer_reference_no: shipment.customer_reference_no,
        status: shipment.status,
        isf_transaction_no: shipment.isf_transaction_no,
        isf_submit_date: formatInstantText(shipment.isf_submit_date),
        // A `timestamp` reads as its text, which is the wire format (db/connect.ts).
        est_time_arrive: shipment.est_time_arrive ?? UNKNOWN_DATE_TIME,
        shipment_discharge_date: shipment.shipment_discharge_date ?? UNKNOWN_DATE_TIME,
        fda_review: shipment.fda_status,
        origin: shipment.origin,
        destination_terminal: shipment.destination_terminal,
        steamship_line: shipment.steamship_line,
        vessel_name: shipment.vessel_name,
        unlading_code: shipment.unlading_code,
        unlading_name: shipment.unlading_name,
        transport_mode: shipment.transport_mode,
        transport_mode_description: shipment.transport_mode_description,
        documents: documents.filter((document) => !document.supplementary).map(toShipmentDocument),
        document_note: shipment.document_note,
        types: types.map((entry) => ({
          type: entry.type,
          required: toFlag(entry.required),
          submitted: toFlag(entry.submitted),
        })),
        containers: containers.map((container) => ({
          id: container.id,
          container_no: container.container_no,
          tracking_info: JSON.stringify(container.tracking_info),
        })),
        bill_lading: bills.map((bill) => ({
          id: bill.id,
          bill_lading: bill.bill_lading,
          is_master_bill_lading: toFlag(bill.is_master),
        })),
        delivery_orders: deliveryOrders,
        shipment_notes: notes.map(toNote),
        comment: shipment.comment,
        invoices,
        path_to_7501: readOnly ? null : shipment.path_to_7501,
        supplementary_documents: documents.filter((document) => document.supplementary).map(toShipmentDocument),
        ignored_shipment: toFlag(shipment.ignored_shipment),
        master_bill_lading: masterBills.join(', '),
        house_bill_lading: houseBills.join(', '),
      },
      '7501_reviewed': toFlag(shipment.reviewed_7501),
    };
  },

  /** Records the client's own ISF filing, now, with the status it leads to; answers the time written. */
  async fileIsf(trx: Db, shipmentId: number, status: string): Promise<Date | null> {
    const updated = await trx
      .updateTable('shipments')
      .set({ isf_transaction_no: ISF_FILED_BY_CLIENT, isf_submit_date: new Date(), status, updated_at: new Date() })
      .where('id', '=', shipmentId)
      .returning(['isf_submit_date'])
      .executeTakeFirstOrThrow();
    return updated.isf_submit_date;
  },

  async setReference(trx: Db, shipmentId: number, referenceNo: string): Promise<void> {
    await trx
      .updateTable('shipments')
      .set({ customer_reference_no: referenceNo, updated_at: new Date() })
      .where('id', '=', shipmentId)
      .execute();
  },

  async setIgnored(trx: Db, shipmentId: number, isIgnored: boolean): Promise<void> {
    await trx
      .updateTable('shipments')
      .set({ ignored_shipment: isIgnored, updated_at: new Date() })
      .where('id', '=', shipmentId)
      .execute();
  },

  async setStatus(trx: Db, shipmentId: number, status: string): Promise<void> {
    await trx.updateTable('shipments').set({ status, updated_at: new Date() }).where('id', '=', shipmentId).execute();
  },

  /** One of the shipment's notes as the detail lists it, or undefined when there is none by that id. */
  async note(db: Db, shipmentId: number, noteId: number): Promise<ShipmentNote | undefined> {
    const row = await notesOf(db, shipmentId).where('shipment_notes.id', '=', noteId).executeTakeFirst();
    return row && toNote(row);
  },

  /** The note as the detail lists it, written by `user`. */
  async insertNote(trx: Db, user: SessionUser, shipmentId: number, comments: string): Promise<ShipmentNote> {
    const note = await trx
      .insertInto('shipment_notes')
      .values({ shipment_id: shipmentId, user_id: user.id, role: user.role, comments })
      .returning(['id', 'role', 'comments', 'created_at'])
      .executeTakeFirstOrThrow();
    return toNote({ ...note, name: user.name });
  },

  /**
   * Those of the shipments the caller may see, with their 7501 review state, locked until the
   * transaction ends; in one lock order for every caller, so two toggles of overlapping lists
   * cannot deadlock.
   */
  lockReviewStates(trx: Db, user: SessionUser, shipmentIds: readonly number[]) {
    return accessRepository
      .shipments(trx, user)
      .select(['shipments.id', 'shipments.reviewed_7501', 'shipments.path_to_7501'])
      .where('shipments.id', 'in', shipmentIds)
      .orderBy('shipments.id')
      .forNoKeyUpdate()
      .execute();
  },

  async setReviewed(trx: Db, shipmentIds: readonly number[], reviewed: boolean): Promise<void> {
    await trx
      .updateTable('shipments')
      .set({ reviewed_7501: reviewed, updated_at: new Date() })
      .where('id', 'in', shipmentIds)
      .execute();
  },
};
