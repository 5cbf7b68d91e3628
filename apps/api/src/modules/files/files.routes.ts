import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse } from '@clearport/contract/http';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { contentDisposition } from '../../lib/file-names.ts';
import { contentTypeOf, isInlineContentType, UPLOAD_CONTENT_TYPES } from '../../lib/file-type.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { isStorageKey } from '../../lib/storage.ts';
import { filesRepository } from './files.repository.ts';

const FileParams = z.object({ '*': z.string().max(300) });

/** Stored files, only to callers who may see what they belong to; never from a public folder. */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  // A stream reply has no schema to be typed by: the route is typed by hand.
  app.get<{ Params: z.infer<typeof FileParams> }>(
    API_PATHS.file,
    {
      config: { documented: { files: UPLOAD_CONTENT_TYPES } },
      schema: { params: FileParams, response: { '4xx': ErrorResponse } },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const file = isStorageKey(key) ? await filesRepository.find(app.db, request.user, key) : undefined;
      const stored = file ? await app.storage.get(key) : null;
      if (!file || !stored) {
        if (file) request.log.warn({ key }, 'a recorded file is missing from storage');
        return sendRefusal(reply, { status: 404, message: SHIPMENT_DETAIL_ERRORS.fileNotFound });
      }
      const contentType = contentTypeOf(key);
      return reply
        .header('content-type', contentType)
        .header('content-length', stored.size)
        .header(
          'content-disposition',
          contentDisposition(isInlineContentType(contentType) && !file.isDownload ? 'inline' : 'attachment', file.name),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );
};
