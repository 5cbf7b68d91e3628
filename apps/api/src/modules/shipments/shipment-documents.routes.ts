import { pipeline } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse, IdParams } from '@clearport/contract/http';
import {
  DeleteDocumentRequest,
  DeleteDocumentResponse,
  DocumentTypesRequest,
  SetDocumentTypesResponse,
  UnsetDocumentTypesResponse,
  UPLOAD_FIELD,
  UPLOAD_MAX_BYTES,
  UPLOAD_REJECTED_REASONS,
  UploadDocumentResponse,
} from '@clearport/contract/shipment-documents';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { cleanFileName } from '../../lib/file-names.ts';
import { checkedUpload, contentTypeOf, uploadExtensionOf, UploadRefusedError } from '../../lib/file-type.ts';
import { isNamedRefusal, sendRefusal } from '../../lib/refusal.ts';
import { newStorageKey } from '../../lib/storage.ts';
import { accessRepository } from '../access/access.repository.ts';
import { shipmentDocumentsRepository } from './shipment-documents.repository.ts';
import { refusalOf } from './shipments.rules.ts';
import {
  formatBytes,
  uploadQuota,
  UploadQuotaExceededError,
  uploadRateLimit,
  type UploadLimits,
} from './upload-limits.ts';

/** Where uploads are stored; the key's name is a uuid and its extension the checked type's. */
const DOCUMENTS_FOLDER = 'documents';

/**
 * Busboy stops a file one byte past the limit, so the upload check sees it is too large (and
 * refuses) rather than storing a silently truncated file.
 */
const MULTIPART_LIMITS = { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1_000, parts: 11 };

type UploadRefusal = keyof typeof UPLOAD_REJECTED_REASONS | 'type';

/** 400 naming `file`, in the spec's words; before any file arrived, the reason alone. */
function refuseUpload(reply: FastifyReply, reason: UploadRefusal, fileName: string) {
  const message =
    reason === 'type'
      ? fillText(TEXTS.uploadWrongType, { file: fileName })
      : fileName === ''
        ? UPLOAD_REJECTED_REASONS[reason]
        : fillText(TEXTS.uploadRejected, { file: fileName, reason: UPLOAD_REJECTED_REASONS[reason] });
  return sendRefusal(reply, { status: 400, message, field: UPLOAD_FIELD });
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

const errors = { '4xx': ErrorResponse };

/** Uploads, deletions and the document checklist of a shipment. */
export const shipmentDocumentsRoutes: FastifyPluginAsync<UploadLimits> = async (app, limits) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const uploadRate = uploadRateLimit(limits.uploadsPerMinute);
  const refuseOverQuota = (reply: FastifyReply, fileName: string) => {
    const message = fillText(TEXTS.uploadQuotaExceeded, {
      file: fileName,
      quota: formatBytes(limits.uploadQuotaBytes),
    });
    return sendRefusal(reply, { status: 413, message, field: UPLOAD_FIELD });
  };

  /**
   * The file streams through the content check into a temporary name that becomes its key
   * only once complete (Storage.put); the rest of the body is read, and only then is the
   * record made, in one transaction. Any failure removes the file again.
   */
  api.post(
    API_PATHS.uploadDocument,
    { schema: { params: IdParams, response: { 200: UploadDocumentResponse, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      if ((await accessRepository.findShipmentId(app.db, request.user, id)) === undefined) {
        return sendRefusal(reply, refusalOf({ refused: 'shipmentNotFound' }));
      }
      const waitSeconds = uploadRate.take(request.user.id);
      if (waitSeconds > 0) {
        const message = fillText(TEXTS.uploadsTooFast, { seconds: String(waitSeconds) });
        return sendRefusal(reply.header('retry-after', String(waitSeconds)), { status: 429, message });
      }
      if (!(await uploadQuota.hasRoom(app.db, id, limits.uploadQuotaBytes))) return refuseOverQuota(reply, '');
      if (!request.isMultipart()) return refuseUpload(reply, 'noFile', '');
      const files = request.files({ limits: MULTIPART_LIMITS });
      let first: Awaited<ReturnType<typeof files.next>>;
      try {
        first = await files.next();
      } catch (error) {
        const reason = uploadFailureReason(error);
        if (!reason) throw error;
        return refuseUpload(reply, reason, '');
      }
      if (first.done) return refuseUpload(reply, 'noFile', '');
      const part = first.value;
      const name = cleanFileName(part.filename);
      const extension = uploadExtensionOf(name);
      if (part.fieldname !== UPLOAD_FIELD || extension === undefined) {
        part.file.resume();
        return part.fieldname === UPLOAD_FIELD ? refuseUpload(reply, 'type', name) : refuseUpload(reply, 'noFile', '');
      }

      const key = newStorageKey(DOCUMENTS_FOLDER, extension);
      let size: number;
      try {
        const checked = pipeline(part.file, checkedUpload(extension, UPLOAD_MAX_BYTES), () => {});
        ({ size } = await app.storage.put(key, checked));
        // To the end of the body: a second file, or a body cut short after the file, refuses it.
        const rest = await files.next();
        if (!rest.done) {
          rest.value.file.resume();
          await app.storage.delete(key);
          return refuseUpload(reply, 'oneFile', name);
        }
      } catch (error) {
        await app.storage.delete(key);
        const reason = uploadFailureReason(error);
        if (!reason) throw error;
        request.log.info({ reason, err: error }, 'upload refused');
        return refuseUpload(reply, reason, name);
      }

      try {
        const upload = { path: key, originalName: name, contentType: contentTypeOf(key), size };
        const result = await shipmentDocumentsRepository.upload(
          app.db,
          request.user,
          id,
          upload,
          limits.uploadQuotaBytes,
        );
        if (isNamedRefusal(result)) {
          await app.storage.delete(key);
          return sendRefusal(reply, refusalOf(result));
        }
        return { path_to_file: key, document: result };
      } catch (error) {
        await app.storage.delete(key);
        if (error instanceof UploadQuotaExceededError) return refuseOverQuota(reply, name);
        throw error;
      }
    },
  );

  api.delete(
    API_PATHS.deleteDocument,
    { schema: { params: IdParams, body: DeleteDocumentRequest, response: { 200: DeleteDocumentResponse, ...errors } } },
    async (request, reply) => {
      const result = await shipmentDocumentsRepository.delete(
        app.db,
        request.user,
        request.params.id,
        request.body.path,
      );
      if (isNamedRefusal(result)) return sendRefusal(reply, refusalOf(result));
      try {
        await app.storage.delete(result.path);
      } catch (error) {
        // The record is gone, so the file is unreachable; it only takes space.
        request.log.warn({ err: error, path: result.path }, 'deleted document left its file behind');
      }
      return { message: TEXTS.documentDeleted };
    },
  );

  api.post(
    API_PATHS.setDocumentTypes,
    {
      schema: { params: IdParams, body: DocumentTypesRequest, response: { 200: SetDocumentTypesResponse, ...errors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await shipmentDocumentsRepository.changeTypes(app.db, request.user, id, request.body.types, true);
      return isNamedRefusal(result)
        ? sendRefusal(reply, refusalOf(result))
        : { type_set: result.types, status: result.status };
    },
  );

  api.post(
    API_PATHS.unsetDocumentTypes,
    {
      schema: {
        params: IdParams,
        body: DocumentTypesRequest,
        response: { 200: UnsetDocumentTypesResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await shipmentDocumentsRepository.changeTypes(app.db, request.user, id, request.body.types, false);
      return isNamedRefusal(result)
        ? sendRefusal(reply, refusalOf(result))
        : { type_unset: result.types, status: result.status };
    },
  );
};
