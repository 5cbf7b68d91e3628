import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@clearport/contract/http';
import { z } from 'zod';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import {
  BROKER_API_PATHS,
  EventsQuery,
  EventsResponse,
  IngestionRequest,
  IngestionResponse,
  MAX_BATCH_BYTES,
  MAX_BATCH_RECORDS,
  MULTIPART_RECORDS_FIELD,
} from '@clearport/contract/ingestion';
import { brokerKeyGuard } from '../access/broker-key.ts';
import { ingestRecords } from './ingest.ts';
import { brokerEventsRepository } from './broker-events.repository.ts';
import { readMultipartBatch } from './broker-multipart.ts';
import { contentDisposition } from '../../lib/file-names.ts';
import { contentTypeOf, UPLOAD_CONTENT_TYPES } from '../../lib/file-type.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { isStorageKey } from '../../lib/storage.ts';

export const UNKNOWN_CURSOR = 'after: not a cursor the feed handed out; start again without it.';
export const TOO_MANY_RECORDS = `A batch carries at most ${MAX_BATCH_RECORDS} records.`;

export type IngestionRoutesOptions = { publicUrl: string };

/** The brokerage's calls, under BROKER_API_BASE: a live API key, never a customer's session. */
export const ingestionRoutes: FastifyPluginAsync<IngestionRoutesOptions> = async (app, options) => {
  app.addHook(
    'onRequest',
    brokerKeyGuard(() => app.db),
  );

  await app.register(multipart);
  /** The file parts of a multipart batch, by part name, for its records. */
  const filePartsOf = new WeakMap<FastifyRequest, Map<string, Buffer>>();

  app.withTypeProvider<ZodTypeProvider>().post(
    BROKER_API_PATHS.records,
    {
      bodyLimit: MAX_BATCH_BYTES,
      config: { brokerScope: 'records', refusesTextPerRecord: true },
      schema: {
        description:
          `The records as JSON, or as multipart/form-data: the records as JSON in the field ` +
          `\`${MULTIPART_RECORDS_FIELD}\` and each file as a file part, which a record's file names by \`part\` ` +
          `in place of \`content_base64\`. Records are applied in order; a record finds the parent it names ` +
          `(a shipment's account, a container's shipment) when the parent came earlier in the batch or in a ` +
          `batch already answered. One in a batch still being sent, by another client, is not there yet: ` +
          `the record is refused with \`unknown_shipment\` (or \`unknown_account\`, \`unknown_company\`), ` +
          `send the parent first.`,
        body: IngestionRequest,
        response: {
          200: IngestionResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          413: ErrorResponse,
        },
      },
      preValidation: async (request, reply) => {
        if (request.isMultipart()) {
          const batch = await readMultipartBatch(request);
          if (!('parts' in batch)) return sendRefusal(reply, batch);
          // From here on the records are checked as a JSON body's are: the batch's size, the
          // schema, and each record by itself (text it cannot hold refuses that record alone).
          (request as FastifyRequest).body = { records: batch.records };
          filePartsOf.set(request, batch.parts);
        }
        // Too many records is a batch too large, like too many bytes, not a malformed one.
        const records = (request.body as { records?: unknown } | null)?.records;
        if (Array.isArray(records) && records.length > MAX_BATCH_RECORDS) {
          return sendRefusal(reply, { status: 413, message: TOO_MANY_RECORDS });
        }
      },
    },
    async (request) => {
      const context = {
        db: app.db,
        storage: app.storage,
        mailer: app.mailer,
        log: request.log,
        publicUrl: options.publicUrl,
        parts: filePartsOf.get(request),
      };
      return { results: await ingestRecords(context, request.body.records) };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    BROKER_API_PATHS.events,
    {
      config: { brokerScope: 'events' },
      schema: {
        description:
          'The change feed: what customers did, oldest first, a page at a time. Start without `after`; ' +
          "then send each page's `next` as `after`. The last page may be empty and keeps `next`: ask " +
          'again later with it for what happened since. `next` is null only while the feed has no event ' +
          'at all and no `after` was sent: ask again later without `after`. An event whose `file_url` is set names a file ' +
          'that `GET /v1/files/…` (a key of the files scope) downloads.',
        querystring: EventsQuery,
        response: { 200: EventsResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { after } = request.query;
      // A cursor the feed never handed out would skip, silently, every event before it.
      if (after !== undefined && !(await brokerEventsRepository.isHandedOut(app.db, after))) {
        return sendRefusal(reply, { status: 400, message: UNKNOWN_CURSOR, field: 'after' });
      }
      const events = await brokerEventsRepository.page(app.db, request.query);
      return { events, next: events.at(-1)?.cursor ?? request.query.after ?? null };
    },
  );

  // A stream reply has no schema to be typed by: the route is typed by hand.
  const FileParams = z.object({ '*': z.string().max(300) });
  app.get<{ Params: z.infer<typeof FileParams> }>(
    BROKER_API_PATHS.file,
    {
      config: { brokerScope: 'files', documented: { files: UPLOAD_CONTENT_TYPES } },
      schema: {
        description:
          "A file an event names: send its `file_url` as it is (the path after `/files/` is the file's " +
          'storage key). The reply is the file itself, with its type, length and download name in the ' +
          'heads; 404 for a file no event names or that was removed since.',
        params: FileParams,
        response: { '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const name = isStorageKey(key) ? await brokerEventsRepository.storedFileName(app.db, key) : undefined;
      const stored = name ? await app.storage.get(key) : null;
      if (!name || !stored) return sendRefusal(reply, { status: 404, message: SHIPMENT_DETAIL_ERRORS.fileNotFound });
      return reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', stored.size)
        .header('content-disposition', contentDisposition('attachment', name))
        .header('x-content-type-options', 'nosniff')
        .send(stored.stream);
    },
  );
};
