import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { SHIPMENT_DOCUMENTS_MAX } from '@clearport/contract/constants';
import {
  UPLOAD_FIELD,
  UPLOAD_MAX_BYTES,
  UPLOAD_REJECTED_REASONS,
  type ShipmentDocument,
} from '@clearport/contract/shipment-documents';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { isRefused, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { cleanFileName } from '../../lib/file-names.ts';
import { checkedUpload, contentTypeOf, uploadExtensionOf, UploadRefusedError } from '../../lib/file-type.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { newStorageKey, StorageUnavailableError } from '../../lib/storage.ts';
import { accessRepository } from '../access/access.repository.ts';
import { changeShipment, countUnderShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { requestKeysRepository } from '../activity/request-keys.repository.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { shipmentDocumentsRepository, type StoredUpload } from './shipment-documents.repository.ts';
import { refusalOf } from './shipments.rules.ts';
import { formatBytes, uploadQuota, UploadQuotaExceededError, uploadRate } from './upload-limits.ts';

/** A stored upload and the SHA-256 of its bytes, which a request key's repeat is told apart by. */
type HashedUpload = StoredUpload & { sha256: string };

/** Where uploads are stored; the key's name is a uuid and its extension the checked type's. */
const DOCUMENTS_FOLDER = 'documents';

/** One part of the multipart body, as the route's parser hands it over, its file not read yet. */
export type UploadPart = { fieldname: string; filename: string; file: Readable };

/** The company's quota in bytes, and the uploads a user may send a minute. */
export type UploadBounds = { quotaBytes: number; perMinute: number };

/** A refusal of an upload; one for sending too fast says in how many seconds to try again. */
export type UploadRefused = Refused & { retryAfter?: number };

type UploadRefusal = keyof typeof UPLOAD_REJECTED_REASONS | 'type';

/** 400 naming `file`, in the spec's words; before any file arrived, the reason alone. */
function uploadRefused(reason: UploadRefusal, fileName: string): Refused {
  const message =
    reason === 'type'
      ? fillText(TEXTS.uploadWrongType, { file: fileName })
      : fileName === ''
        ? UPLOAD_REJECTED_REASONS[reason]
        : fillText(TEXTS.uploadRejected, { file: fileName, reason: UPLOAD_REJECTED_REASONS[reason] });
  return refused({ status: 400, message, field: UPLOAD_FIELD });
}

/** 413 naming `file` and the quota; before any file arrived, without a name. */
function overQuota(fileName: string, quotaBytes: number): Refused {
  const message = fillText(TEXTS.uploadQuotaExceeded, { file: fileName, quota: formatBytes(quotaBytes) });
  return refused({ status: 413, message, field: UPLOAD_FIELD });
}

/**
 * Why an upload failed, or undefined for a failure of the server itself (a full disk), which
 * stays a 500. Anything else the request stream or the multipart parser raised means the
 * body was cut short or malformed.
 */
function uploadFailureReason(error: unknown): UploadRefusal | undefined {
  if (error instanceof UploadRefusedError) return error.reason;
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return 'tooLarge';
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return 'oneFile';
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return 'noFile';
  if (typeof syscall === 'string') return undefined;
  return 'interrupted';
}

/**
 * upload_doc, once the shipment is the caller's and holds fewer than SHIPMENT_DOCUMENTS_MAX
 * documents, the caller is within the rate and the company has room: the one file streams
 * through the content check into a temporary name that becomes its key only once complete
 * (Storage.put); the rest of the body is read, and only then is the record made, in one
 * transaction. Any failure removes the file again. `parts` is undefined
 * when the body is not multipart. Sent again under its `requestKey` with the same file (decision
 * 0048), it answers the document the first made and removes the copy.
 */
export async function uploadDocument(
  deps: Pick<ActionDeps, 'db' | 'storage' | 'log'>,
  actor: SessionUser,
  input: {
    shipmentId: number;
    parts: AsyncIterator<UploadPart> | undefined;
    bounds: UploadBounds;
    requestKey?: string | undefined;
  },
): Promise<ShipmentDocument | UploadRefused> {
  const { shipmentId, bounds } = input;
  if ((await accessRepository.findShipmentId(deps.db, actor, shipmentId)) === undefined) {
    return refused(refusalOf({ refused: 'shipmentNotFound' }));
  }
  // Counted again when the record is made, with the shipment locked.
  if ((await countUnderShipment(deps.db, 'documents', shipmentId)) >= SHIPMENT_DOCUMENTS_MAX) {
    return refused(refusalOf({ refused: 'documentsFull' }));
  }
  const waitSeconds = await uploadRate.take(deps.db, actor.id, bounds.perMinute);
  if (waitSeconds > 0) {
    const message = fillText(TEXTS.uploadsTooFast, { seconds: String(waitSeconds) });
    return { ...refused({ status: 429, message }), retryAfter: waitSeconds };
  }
  if (!(await uploadQuota.hasRoom(deps.db, shipmentId, bounds.quotaBytes))) return overQuota('', bounds.quotaBytes);
  const stored = await storeUpload(deps, input.parts);
  if (isRefused(stored)) return stored;
  return recordUpload(deps, actor, {
    shipmentId,
    upload: stored,
    quotaBytes: bounds.quotaBytes,
    requestKey: input.requestKey,
  });
}

/** The body's one file, checked and stored under a new key; nothing stays stored when it is refused. */
async function storeUpload(
  deps: Pick<ActionDeps, 'storage' | 'log'>,
  parts: AsyncIterator<UploadPart> | undefined,
): Promise<HashedUpload | Refused> {
  if (!parts) return uploadRefused('noFile', '');
  let first: IteratorResult<UploadPart>;
  try {
    first = await parts.next();
  } catch (error) {
    const reason = uploadFailureReason(error);
    if (!reason) throw error;
    return uploadRefused(reason, '');
  }
  if (first.done) return uploadRefused('noFile', '');
  const part = first.value;
  const name = cleanFileName(part.filename);
  const extension = uploadExtensionOf(name);
  if (part.fieldname !== UPLOAD_FIELD || extension === undefined) {
    part.file.resume();
    return part.fieldname === UPLOAD_FIELD ? uploadRefused('type', name) : uploadRefused('noFile', '');
  }

  const key = newStorageKey(DOCUMENTS_FOLDER, extension);
  try {
    const hash = createHash('sha256');
    const hashed = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const checked = pipeline(part.file, checkedUpload(extension, UPLOAD_MAX_BYTES), hashed, () => {});
    const { size } = await deps.storage.put(key, checked);
    // To the end of the body: a second file, or a body cut short after the file, refuses it.
    const rest = await parts.next();
    if (!rest.done) {
      rest.value.file.resume();
      await deps.storage.delete(key);
      return uploadRefused('oneFile', name);
    }
    return { path: key, originalName: name, contentType: contentTypeOf(key), size, sha256: hash.digest('base64url') };
  } catch (error) {
    // A put that failed stored nothing (Storage.put), and a store out of reach takes no delete.
    if (error instanceof StorageUnavailableError) throw error;
    await deps.storage.delete(key);
    const reason = uploadFailureReason(error);
    if (!reason) throw error;
    deps.log.info({ reason, err: error }, 'upload refused');
    return uploadRefused(reason, name);
  }
}

/**
 * The record of the stored file, within the company's quota, counted under its lock
 * (uploadQuota.reserve); on a refusal or an error the file is removed.
 */
async function recordUpload(
  deps: Pick<ActionDeps, 'db' | 'storage'>,
  actor: SessionUser,
  input: { shipmentId: number; upload: HashedUpload; quotaBytes: number; requestKey: string | undefined },
): Promise<ShipmentDocument | Refused> {
  const { upload, quotaBytes } = input;
  let isRepeat = false;
  try {
    const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
      const keyed = input.requestKey && {
        shipmentId: shipment.id,
        userId: actor.id,
        kind: 'document' as const,
        key: input.requestKey,
        request: { name: upload.originalName, sha256: upload.sha256 },
      };
      const before = keyed && (await requestKeysRepository.madeBefore(trx, keyed));
      if (before === 'reused') return { refused: 'requestKeyReused' } as const;
      const made = before && (await shipmentDocumentsRepository.find(trx, shipment.id, before));
      if (made) {
        isRepeat = true;
        return made;
      }
      if ((await countUnderShipment(trx, 'documents', shipment.id)) >= SHIPMENT_DOCUMENTS_MAX)
        return { refused: 'documentsFull' } as const;
      await uploadQuota.reserve(trx, shipment.id, upload.size, quotaBytes);
      const document = await shipmentDocumentsRepository.insert(trx, actor, shipment.id, upload);
      if (keyed) await requestKeysRepository.keep(trx, keyed, document.id);
      record(SHIPMENT_ACTIVITY.documentUploaded, {
        document_id: document.id,
        path: upload.path,
        name: upload.originalName,
        size: upload.size,
      });
      return document;
    });
    if (!isNamedRefusal(result)) {
      // The same file sent again under its key: the first's document answers, this copy goes.
      if (isRepeat) await deps.storage.delete(upload.path);
      return result;
    }
    await deps.storage.delete(upload.path);
    return refused(refusalOf(result));
  } catch (error) {
    await deps.storage.delete(upload.path);
    if (error instanceof UploadQuotaExceededError) return overQuota(upload.originalName, quotaBytes);
    throw error;
  }
}
