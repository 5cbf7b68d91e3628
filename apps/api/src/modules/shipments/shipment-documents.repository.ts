import { is7501Type } from '@clearport/contract/documents';
import type { ShipmentDocument } from '@clearport/contract/shipments';
import type { Db } from '../../db/connect.ts';
import { extensionOf } from '../../lib/file-type.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import {
  SHIPMENT_ACTIVITY,
  shipmentActivityRepository,
  type ShipmentActivityEntry,
} from '../activity/shipment-activity.repository.ts';
import { lockShipment } from '../access/lock-shipment.ts';
import { documentTypesOf, toShipmentDocument } from './shipment-detail.repository.ts';
import type { Refusal } from './shipment-refusals.ts';
import { changeTypes, statusAfterSubmission, statusAfterUnset } from './shipment-status.rules.ts';

/*
 * Records of the shipment's files and its document checklist. The files themselves are the
 * routes' business (app.storage): a file is stored before its record is made and removed
 * after its record is gone, so a record never points at a missing file.
 */

export type StoredUpload = { path: string; originalName: string; contentType: string; size: number };

/** The client may delete its own uploads, never the broker's supplementary files or 7501s. */
export function isDeletableByClient(document: { supplementary: boolean; document_type: string }): boolean {
  return !document.supplementary && !is7501Type(document.document_type);
}

export const shipmentDocumentsRepository = {
  /** Records a file already stored under `upload.path`; on a refusal or an error the caller removes the file. */
  async create(
    db: Db,
    user: SessionUser,
    shipmentId: number,
    upload: StoredUpload,
  ): Promise<ShipmentDocument | Refusal> {
    return db.transaction().execute(async (trx) => {
      const visibleId = await accessRepository.findShipmentId(trx, user, shipmentId);
      if (visibleId === undefined) return { refused: 'shipmentNotFound' } as const;
      const document = await trx
        .insertInto('documents')
        .values({
          shipment_id: visibleId,
          path: upload.path,
          original_name: upload.originalName,
          content_type: upload.contentType,
          size: upload.size,
          uploaded_by: user.id,
        })
        .returning(['id', 'shipment_id', 'document_type', 'path', 'original_name'])
        .executeTakeFirstOrThrow();
      await shipmentActivityRepository.record(trx, [
        {
          shipmentId: visibleId,
          userId: user.id,
          action: SHIPMENT_ACTIVITY.documentUploaded,
          detail: { document_id: document.id, path: upload.path, name: upload.originalName, size: upload.size },
        },
      ]);
      return toShipmentDocument(document);
    });
  },

  /** delete_doc: removes the record of one of this shipment's uploads; the caller then removes the file. */
  async delete(db: Db, user: SessionUser, shipmentId: number, path: string): Promise<{ path: string } | Refusal> {
    return db.transaction().execute(async (trx) => {
      const shipment = await lockShipment(trx, user, shipmentId);
      if (!shipment) return { refused: 'shipmentNotFound' } as const;
      const document = await trx
        .selectFrom('documents')
        .select(['id', 'path', 'original_name', 'document_type', 'supplementary'])
        .where('shipment_id', '=', shipment.id)
        .where('path', '=', path)
        .executeTakeFirst();
      if (!document) return { refused: 'documentNotFound' } as const;
      if (!isDeletableByClient(document)) return { refused: 'documentKept' } as const;
      await trx.deleteFrom('documents').where('id', '=', document.id).execute();
      await shipmentActivityRepository.record(trx, [
        {
          shipmentId: shipment.id,
          userId: user.id,
          action: SHIPMENT_ACTIVITY.documentDeleted,
          detail: { document_id: document.id, path: document.path, name: document.original_name },
        },
      ]);
      return { path: document.path };
    });
  },

  /**
   * set_type (submitted true) and unset_type (false): flips the named checklist entries and
   * moves the status by shipment-status.rules.ts. Unknown names refuse the whole request.
   */
  async changeTypes(
    db: Db,
    user: SessionUser,
    shipmentId: number,
    requested: readonly string[],
    submitted: boolean,
  ): Promise<{ types: string[]; status: string } | Refusal> {
    const types = [...new Set(requested)];
    return db.transaction().execute(async (trx) => {
      const shipment = await lockShipment(trx, user, shipmentId);
      if (!shipment) return { refused: 'shipmentNotFound' } as const;
      const change = changeTypes(await documentTypesOf(trx, shipment.id), types, submitted);
      if (change.unknown.length > 0) return { refused: 'unknownTypes', types: change.unknown } as const;
      const status = submitted
        ? statusAfterSubmission(
            { status: shipment.status, isfTransactionNo: shipment.isf_transaction_no },
            change.after,
          )
        : statusAfterUnset(shipment.status, change.changed);
      const action = submitted ? SHIPMENT_ACTIVITY.typesSet : SHIPMENT_ACTIVITY.typesUnset;
      const activity: ShipmentActivityEntry[] = [];
      if (change.changed.length > 0) {
        const changedTypes = change.changed.map((entry) => entry.type);
        await trx
          .updateTable('document_types')
          .set({ submitted })
          .where('shipment_id', '=', shipment.id)
          .where('type', 'in', changedTypes)
          .execute();
        activity.push({ shipmentId: shipment.id, userId: user.id, action, detail: { types: changedTypes } });
      }
      if (status !== shipment.status) {
        await trx
          .updateTable('shipments')
          .set({ status, updated_at: new Date() })
          .where('id', '=', shipment.id)
          .execute();
        activity.push({
          shipmentId: shipment.id,
          userId: user.id,
          action: SHIPMENT_ACTIVITY.statusChanged,
          detail: { from: shipment.status, to: status, after: action },
        });
      }
      await shipmentActivityRepository.record(trx, activity);
      return { types, status };
    });
  },

  /**
   * The download name of a stored file the caller may see, by its key: a document of a visible
   * shipment, its 7501 or delivery order, or a visible invoice's PDF or backup. Undefined
   * otherwise, which the route answers 404.
   */
  async findFile(db: Db, user: SessionUser, key: string): Promise<{ name: string } | undefined> {
    const visibleShipmentIds = accessRepository.shipments(db, user).select('shipments.id');
    const extension = extensionOf(key);
    const document = await db
      .selectFrom('documents')
      .select('original_name')
      .where('path', '=', key)
      .where('shipment_id', 'in', visibleShipmentIds)
      .executeTakeFirst();
    if (document) return { name: document.original_name };
    const form7501 = await accessRepository
      .shipments(db, user)
      .select('shipments.file_number')
      .where('shipments.path_to_7501', '=', key)
      .executeTakeFirst();
    if (form7501) return { name: `7501 ${form7501.file_number}.${extension}` };
    const order = await db
      .selectFrom('delivery_orders')
      .innerJoin('shipments', 'shipments.id', 'delivery_orders.shipment_id')
      .select(['delivery_orders.id', 'shipments.file_number'])
      .where('delivery_orders.path', '=', key)
      .where('delivery_orders.shipment_id', 'in', visibleShipmentIds)
      .executeTakeFirst();
    if (order) return { name: `Delivery order ${order.file_number}-${order.id}.${extension}` };
    const invoice = await accessRepository
      .invoices(db, user)
      .select(['invoices.file_number', 'invoices.path'])
      .where((eb) => eb.or([eb('invoices.path', '=', key), eb('invoices.backup', '=', key)]))
      .executeTakeFirst();
    if (invoice) {
      const suffix = invoice.path === key ? '' : ' backup';
      return { name: `Invoice ${invoice.file_number}${suffix}.${extension}` };
    }
    return undefined;
  },
};
