import { is7501Type } from '@clearport/contract/documents';
import { DOCUMENT_STATUS_TRANSITIONS, type ShipmentDocument } from '@clearport/contract/shipment-documents';
import type { Db } from '../../db/connect.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { recordDocumentsRequired } from '../event-mail/event-mail.repository.ts';
import { documentTypesOf, toShipmentDocument } from './shipment-detail.repository.ts';
import type { ShipmentRefusal } from './shipments.rules.ts';
import { changeTypes, statusAfterSubmission, statusAfterUnset } from './shipment-status.rules.ts';
import { uploadQuota } from './upload-limits.ts';

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
  /**
   * Records a file already stored under `upload.path`, within the company's quota (throws
   * UploadQuotaExceededError past it); on a refusal or an error the caller removes the file.
   */
  async upload(
    db: Db,
    user: SessionUser,
    shipmentId: number,
    upload: StoredUpload,
    quotaBytes: number,
  ): Promise<ShipmentDocument | ShipmentRefusal> {
    return changeShipment(db, user, shipmentId, async (trx, shipment, record) => {
      await uploadQuota.reserve(trx, shipment.id, upload.size, quotaBytes);
      const document = await trx
        .insertInto('documents')
        .values({
          shipment_id: shipment.id,
          path: upload.path,
          original_name: upload.originalName,
          content_type: upload.contentType,
          size: upload.size,
          uploaded_by: user.id,
        })
        .returning(['id', 'shipment_id', 'document_type', 'path', 'original_name'])
        .executeTakeFirstOrThrow();
      record(SHIPMENT_ACTIVITY.documentUploaded, {
        document_id: document.id,
        path: upload.path,
        name: upload.originalName,
        size: upload.size,
      });
      return toShipmentDocument(document);
    });
  },

  /** delete_doc: removes the record of one of this shipment's uploads; the caller then removes the file. */
  async delete(
    db: Db,
    user: SessionUser,
    shipmentId: number,
    path: string,
  ): Promise<{ path: string } | ShipmentRefusal> {
    return changeShipment(db, user, shipmentId, async (trx, shipment, record) => {
      const document = await trx
        .selectFrom('documents')
        .select(['id', 'path', 'original_name', 'document_type', 'supplementary'])
        .where('shipment_id', '=', shipment.id)
        .where('path', '=', path)
        .executeTakeFirst();
      if (!document) return { refused: 'documentNotFound' } as const;
      if (!isDeletableByClient(document)) return { refused: 'documentKept' } as const;
      await trx.deleteFrom('documents').where('id', '=', document.id).execute();
      record(SHIPMENT_ACTIVITY.documentDeleted, {
        document_id: document.id,
        path: document.path,
        name: document.original_name,
      });
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
  ): Promise<{ types: string[]; status: string } | ShipmentRefusal> {
    const types = [...new Set(requested)];
    return changeShipment(db, user, shipmentId, async (trx, shipment, record) => {
      const change = changeTypes(await documentTypesOf(trx, shipment.id), types, submitted);
      if (change.unknown.length > 0) return { refused: 'unknownTypes', types: change.unknown } as const;
      const status = submitted
        ? statusAfterSubmission(
            { status: shipment.status, isfTransactionNo: shipment.isf_transaction_no },
            change.after,
          )
        : statusAfterUnset(shipment.status, change.changed);
      const action = submitted ? SHIPMENT_ACTIVITY.typesSet : SHIPMENT_ACTIVITY.typesUnset;
      if (change.changed.length > 0) {
        const changedTypes = change.changed.map((entry) => entry.type);
        await trx
          .updateTable('document_types')
          .set({ submitted })
          .where('shipment_id', '=', shipment.id)
          .where('type', 'in', changedTypes)
          .execute();
        record(action, { types: changedTypes });
      }
      if (status !== shipment.status) {
        await trx
          .updateTable('shipments')
          .set({ status, updated_at: new Date() })
          .where('id', '=', shipment.id)
          .execute();
        record(SHIPMENT_ACTIVITY.statusChanged, { from: shipment.status, to: status, after: action });
        if (status === DOCUMENT_STATUS_TRANSITIONS.documentsReopened.to) {
          const missing = change.after.filter((entry) => entry.required && !entry.submitted).map((entry) => entry.type);
          await recordDocumentsRequired(trx, shipment.id, missing);
        }
      }
      return { types, status };
    });
  },
};
