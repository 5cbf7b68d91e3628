import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@clearport/contract/http';
import {
  BROKER_API_PATHS,
  IngestionRecord,
  IngestionRequest,
  IngestionResponse,
  MAX_BATCH_BYTES,
  MAX_BATCH_RECORDS,
  recordKey,
  type RecordResult,
} from '@clearport/contract/ingestion';
import { apiKeysRepository } from './api-keys.repository.ts';
import { ingestionRepository, RecordRefusal } from './ingestion.repository.ts';

export const NOT_A_BROKER_KEY = 'This call needs a live API key of the brokerage.';
export const TOO_MANY_RECORDS = `A batch carries at most ${MAX_BATCH_RECORDS} records.`;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1];
}

/** The brokerage's calls, under BROKER_API_BASE: a live API key, never a customer's session. */
export async function ingestionRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearer(request);
    const live = key ? await apiKeysRepository.findLive(app.db, key) : undefined;
    if (!live) return reply.code(401).send({ message: NOT_A_BROKER_KEY });
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    BROKER_API_PATHS.records,
    {
      bodyLimit: MAX_BATCH_BYTES,
      schema: {
        body: IngestionRequest,
        response: { 200: IngestionResponse, 400: ErrorResponse, 401: ErrorResponse, 413: ErrorResponse },
      },
      // Too many records is a batch too large, like too many bytes, not a malformed one.
      preValidation: async (request, reply) => {
        const records = (request.body as { records?: unknown } | null)?.records;
        if (Array.isArray(records) && records.length > MAX_BATCH_RECORDS) {
          return reply.code(413).send({ message: TOO_MANY_RECORDS });
        }
      },
    },
    async (request) => {
      const results: RecordResult[] = [];
      for (const [index, raw] of request.body.records.entries()) {
        const parsed = IngestionRecord.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.path.join('.') || 'record';
          results.push({ index, key: null, outcome: 'refused', reason: `${field}: ${issue.message}`, field });
          continue;
        }
        const key = recordKey(parsed.data);
        try {
          results.push({ index, key, outcome: await ingestionRepository.upsert(app.db, parsed.data) });
        } catch (error) {
          if (!(error instanceof RecordRefusal)) throw error;
          results.push({ index, key, outcome: 'refused', reason: error.message, field: error.field });
        }
      }
      return { results };
    },
  );
}
