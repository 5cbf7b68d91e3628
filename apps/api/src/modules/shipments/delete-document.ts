import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { isDeletableByClient, shipmentDocumentsRepository } from './shipment-documents.repository.ts';
import { refusalOf } from './shipments.rules.ts';

/** delete_doc: removes the record of one of the shipment's uploads, then its file. */
export async function deleteDocument(
  deps: Pick<ActionDeps, 'db' | 'storage' | 'log'>,
  actor: SessionUser,
  input: { shipmentId: number; path: string },
): Promise<{ deleted: true } | Refused> {
  const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
    const document = await shipmentDocumentsRepository.findByPath(trx, shipment.id, input.path);
    if (!document) return { refused: 'documentNotFound' } as const;
    if (!isDeletableByClient(document)) return { refused: 'documentKept' } as const;
    await shipmentDocumentsRepository.delete(trx, document.id);
    record(SHIPMENT_ACTIVITY.documentDeleted, {
      document_id: document.id,
      path: document.path,
      name: document.original_name,
    });
    return { path: document.path };
  });
  if (isNamedRefusal(result)) return refused(refusalOf(result));
  try {
    await deps.storage.delete(result.path);
  } catch (error) {
    // The record is gone, so the file is unreachable; it only takes space.
    deps.log.warn({ err: error, path: result.path }, 'deleted document left its file behind');
  }
  return { deleted: true };
}
