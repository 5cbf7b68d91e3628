import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse, IdParams, RequestKeyHeaders } from '@clearport/contract/http';
import {
  DeleteDocumentRequest,
  DeleteDocumentResponse,
  DocumentTypesRequest,
  SetDocumentTypesResponse,
  UnsetDocumentTypesResponse,
  UPLOAD_FIELD,
  UPLOAD_MAX_BYTES,
  UploadDocumentResponse,
} from '@clearport/contract/shipment-documents';
import { ACCEPTED_UPLOAD_EXTENSIONS, REQUEST_KEY_HEADER } from '@clearport/contract/constants';
import { TEXTS } from '@clearport/contract/texts';
import { isRefused, replyWith } from '../../lib/action.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { deleteDocument } from './delete-document.ts';
import { setDocumentTypes } from './set-document-types.ts';
import { unsetDocumentTypes } from './unset-document-types.ts';
import { uploadDocument, type UploadBounds } from './upload-document.ts';
import type { UploadLimits } from './upload-limits.ts';

/**
 * Busboy stops a file one byte past the limit, so the upload check sees it is too large (and
 * refuses) rather than storing a silently truncated file.
 */
const MULTIPART_LIMITS = { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1_000, parts: 11 };

const errors = { '4xx': ErrorResponse };

/** Uploads, deletions and the document checklist of a shipment. */
export const shipmentDocumentsRoutes: FastifyPluginAsync<UploadLimits> = async (app, limits) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const bounds: UploadBounds = { quotaBytes: limits.uploadQuotaBytes, perMinute: limits.uploadsPerMinute };

  api.post(
    API_PATHS.uploadDocument,
    {
      config: {
        documented: {
          consumes: ['multipart/form-data'],
          body: z.object({ [UPLOAD_FIELD]: z.string().meta({ format: 'binary', description: 'The file.' }) }),
        },
      },
      schema: {
        description:
          `A \`multipart/form-data\` body with one file part named \`${UPLOAD_FIELD}\`: a ` +
          `${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')} file of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB, checked ` +
          `by its content. Other parts are not read. The document comes without a type; ` +
          `\`POST ${API_PATHS.setDocumentTypes}\` marks the types it submits.`,
        params: IdParams,
        headers: RequestKeyHeaders,
        response: { 200: UploadDocumentResponse, ...errors },
      },
    },
    async (request, reply) => {
      // The parts are read only once the action has checked the shipment, the rate and the quota.
      const parts = request.isMultipart() ? request.files({ limits: MULTIPART_LIMITS }) : undefined;
      const result = await uploadDocument(request.deps, request.user, {
        shipmentId: request.params.id,
        parts,
        bounds,
        requestKey: request.headers[REQUEST_KEY_HEADER],
      });
      if (!isRefused(result)) return { path_to_file: result.path, document: result };
      if (result.retryAfter !== undefined) reply.header('retry-after', String(result.retryAfter));
      return sendRefusal(reply, result.refusal);
    },
  );

  api.delete(
    API_PATHS.deleteDocument,
    { schema: { params: IdParams, body: DeleteDocumentRequest, response: { 200: DeleteDocumentResponse, ...errors } } },
    async (request, reply) => {
      const input = { shipmentId: request.params.id, path: request.body.path };
      const result = await deleteDocument(request.deps, request.user, input);
      return replyWith(reply, result, () => ({ message: TEXTS.documentDeleted }));
    },
  );

  api.post(
    API_PATHS.setDocumentTypes,
    {
      schema: { params: IdParams, body: DocumentTypesRequest, response: { 200: SetDocumentTypesResponse, ...errors } },
    },
    async (request, reply) => {
      const input = { shipmentId: request.params.id, types: request.body.types };
      const result = await setDocumentTypes(request.deps, request.user, input);
      return replyWith(reply, result, ({ types, status }) => ({ type_set: types, status }));
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
      const input = { shipmentId: request.params.id, types: request.body.types };
      const result = await unsetDocumentTypes(request.deps, request.user, input);
      return replyWith(reply, result, ({ types, status }) => ({ type_unset: types, status }));
    },
  );
};
