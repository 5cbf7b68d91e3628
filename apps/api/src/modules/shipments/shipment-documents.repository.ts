import { is7501Type } from '@clearport/contract/documents';
import type { ShipmentDocument } from '@clearport/contract/shipment-documents';
import type { Db } from '../../db/connect.ts';
import type { SessionUser } from '../access/session-user.ts';
import { toShipmentDocument } from './shipment-detail.repository.ts';

/*
 * Records of the shipment's files and its document checklist. The files themselves are the
 * actions' business (upload-document.ts, delete-document.ts): a file is stored before its
 * record is made and removed after its record is gone, so a record never points at a missing file.
 */

export type StoredUpload = { path: string; originalName: string; contentType: string; size: number };

/** The client may delete its own uploads, never the broker's supplementary files or 7501s. */
export function isDeletableByClient(document: { supplementary: boolean; document_type: string }): boolean {
  return !document.supplementary && !is7501Type(document.document_type);
}

export const shipmentDocumentsRepository = {
  /** The record of a file already stored under `upload.path`, uploaded by `user`. */
  async insert(trx: Db, user: SessionUser, shipmentId: number, upload: StoredUpload): Promise<ShipmentDocument> {
    const document = await trx
      .insertInto('documents')
      .values({
        shipment_id: shipmentId,
        path: upload.path,
        original_name: upload.originalName,
        content_type: upload.contentType,
        size: upload.size,
        uploaded_by: user.id,
      })
      .returning(['id', 'shipment_id', 'document_type', 'path', 'original_name', 'size', 'created_at'])
      .executeTakeFirstOrThrow();
    return toShipmentDocument(document);
  },

  /** The shipment's document of that id, as an upload answers it; undefined when it is gone. */
  async find(trx: Db, shipmentId: number, documentId: number): Promise<ShipmentDocument | undefined> {
    const document = await trx
      .selectFrom('documents')
      .select(['id', 'shipment_id', 'document_type', 'path', 'original_name', 'size', 'created_at'])
      .where('shipment_id', '=', shipmentId)
      .where('id', '=', documentId)
      .executeTakeFirst();
    return document && toShipmentDocument(document);
  },

  /** The shipment's document stored under `path`, if any. */
  findByPath(trx: Db, shipmentId: number, path: string) {
    return trx
      .selectFrom('documents')
      .select(['id', 'path', 'original_name', 'document_type', 'supplementary'])
      .where('shipment_id', '=', shipmentId)
      .where('path', '=', path)
      .executeTakeFirst();
  },

  async delete(trx: Db, documentId: number): Promise<void> {
    await trx.deleteFrom('documents').where('id', '=', documentId).execute();
  },

  /** Sets `submitted` on the named entries of the shipment's checklist. */
  async markTypes(trx: Db, shipmentId: number, types: readonly string[], submitted: boolean): Promise<void> {
    await trx
      .updateTable('document_types')
      .set({ submitted })
      .where('shipment_id', '=', shipmentId)
      .where('type', 'in', types)
      .execute();
  },
};
