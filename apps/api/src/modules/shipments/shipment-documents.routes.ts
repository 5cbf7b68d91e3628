import { pipeline } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, ErrorResponse, IdParams } from '@clearport/contract/http';
import {
  DeleteDocRequest,
  DeleteDocResponse,
  DocumentTypesRequest,
  SetTypeResponse,
  SHIPMENT_DETAIL_ERRORS,
  UnsetTypeResponse,
  UPLOAD_FIELD,
  UPLOAD_MAX_BYTES,
  UPLOAD_REJECTED_REASONS,
  UploadDocResponse,
} from '@clearport/contract/shipments';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { contentDisposition, cleanFileName } from '../../lib/file-names.ts';
import {
  checkedUpload,
  contentTypeOf,
  isInlineContentType,
  uploadExtensionOf,
  UploadRefusedError,
} from '../../lib/file-type.ts';
import { isStorageKey, newStorageKey } from '../../lib/storage.ts';
import { accessRepository } from '../access/access.repository.ts';
import { shipmentDocumentsRepository } from './shipment-documents.repository.ts';
import { isRefusal, sendRefusal } from './shipment-refusals.ts';

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
  return reply.code(400).send({ message, field: UPLOAD_FIELD });
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
const FileParams = z.object({ '*': z.string().max(300) });

/** Uploads, deletions, the document checklist and file downloads of a shipment. */
export const shipmentDocumentsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The file streams through the content check into a temporary name that becomes its key
   * only once complete (Storage.put); the rest of the body is read, and only then is the
   * record made, in one transaction. Any failure removes the file again.
   */
  api.post(
    API_PATHS.uploadDoc,
    { schema: { params: IdParams, response: { 200: UploadDocResponse, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      if ((await accessRepository.findShipmentId(app.db, request.user, id)) === undefined) {
        return sendRefusal(reply, { refused: 'shipmentNotFound' });
      }
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
        const result = await shipmentDocumentsRepository.create(app.db, request.user, id, upload);
        if (isRefusal(result)) {
          await app.storage.delete(key);
          return sendRefusal(reply, result);
        }
        return { path_to_file: key, document: result };
      } catch (error) {
        await app.storage.delete(key);
        throw error;
      }
    },
  );

  api.delete(
    API_PATHS.deleteDoc,
    { schema: { params: IdParams, body: DeleteDocRequest, response: { 200: DeleteDocResponse, ...errors } } },
    async (request, reply) => {
      const result = await shipmentDocumentsRepository.delete(
        app.db,
        request.user,
        request.params.id,
        request.body.path,
      );
      if (isRefusal(result)) return sendRefusal(reply, result);
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
    API_PATHS.setType,
    { schema: { params: IdParams, body: DocumentTypesRequest, response: { 200: SetTypeResponse, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await shipmentDocumentsRepository.changeTypes(app.db, request.user, id, request.body.types, true);
      return isRefusal(result) ? sendRefusal(reply, result) : { type_set: result.types, status: result.status };
    },
  );

  api.post(
    API_PATHS.unsetType,
    { schema: { params: IdParams, body: DocumentTypesRequest, response: { 200: UnsetTypeResponse, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await shipmentDocumentsRepository.changeTypes(app.db, request.user, id, request.body.types, false);
      return isRefusal(result) ? sendRefusal(reply, result) : { type_unset: result.types, status: result.status };
    },
  );

  /** Stored files, only to callers who may see what they belong to; never from a public folder. */
  // A stream reply has no schema to be typed by: the route is typed by hand.
  app.get<{ Params: z.infer<typeof FileParams> }>(
    API_PATHS.file,
    { schema: { params: FileParams, response: errors } },
    async (request, reply) => {
      const key = request.params['*'];
      const file = isStorageKey(key)
        ? await shipmentDocumentsRepository.findFile(app.db, request.user, key)
        : undefined;
      const stored = file ? await app.storage.get(key) : null;
      if (!file || !stored) {
        if (file) request.log.warn({ key }, 'a recorded file is missing from storage');
        return reply.code(404).send({ message: SHIPMENT_DETAIL_ERRORS.fileNotFound });
      }
      const contentType = contentTypeOf(key);
      return reply
        .header('content-type', contentType)
        .header('content-length', stored.size)
        .header(
          'content-disposition',
          contentDisposition(isInlineContentType(contentType) ? 'inline' : 'attachment', file.name),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );
};
