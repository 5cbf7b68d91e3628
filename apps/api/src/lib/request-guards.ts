import { isIP, type Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@clearport/contract/paths';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@clearport/contract/storable-text';
import { fieldName, sendRefusal, type Refusal } from './refusal.ts';
import { isApiPath } from './request-path.ts';

declare module 'fastify' {
  // A route's config is typed by augmenting Fastify's interface, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * The route's body is a batch of records that refuses such text in the record holding it
     * (the broker's records): the guard checks only its query and path.
     */
    refusesTextPerRecord?: boolean;
  }
}

const UTF8_CHARSETS = ['utf-8', 'utf8'];

/** The charset parameter of a Content-Type header, lower-cased, or undefined. */
function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match?.[1]?.toLowerCase();
}

/** The one JSON type the calls take (json-body.ts): another, `application/merge-patch+json` too, is refused as unsupported. */
function isJson(contentType: string): boolean {
  return contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * The 400 for text PostgreSQL cannot store in the request's query, path or body, naming the
 * field, or undefined. A route that makes its body itself after this hook ran (a multipart
 * batch's records) passes the request here again once the body is made.
 */
export function unstorableTextRefusal(request: FastifyRequest): Refusal | undefined {
  const parts = [
    ['query', request.query],
    ['params', request.params],
    ...(request.routeOptions.config.refusesTextPerRecord ? [] : ([['body', request.body]] as const)),
  ] as const;
  for (const [part, value] of parts) {
    const field = findUnstorableText(value);
    if (field === undefined) continue;
    // A path no call of the API has (the web files' route, or none) holds no parameter to name:
    // the route answers it as a path it has nothing at.
    if (part === 'params' && !request.routeOptions.url?.startsWith(`${API_BASE}/`)) continue;
    const named = fieldName(field) || part;
    return { status: 400, message: `${named}: ${UNSTORABLE_TEXT_MESSAGE}`, field: named };
  }
  return undefined;
}

/**
 * The silence a client is allowed (CLIENT_TIMEOUT_MS, the sockets' timeout) is the client's own.
 * Node drops a socket silent that long unless the reply in progress takes the timeout: a client
 * that stalls its request, or stops reading the reply, is dropped; one whose request is all in
 * waits for its answer however long the server works on it (a batch waiting for a row another
 * writer holds), rather than have the answer cut off and the write committed all the same.
 */
function dropOnlyASilentClient(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.on('timeout', (socket: Socket) => {
    if (!request.raw.complete || reply.raw.headersSent) socket.destroy();
  });
}

/**
 * Checks every request meets before any route sees it:
 * - a client's address that is not an IP address, as a trusted proxy's X-Forwarded-For may claim,
 *   answers 400 (it is kept in throttles, sessions and security events);
 * - a JSON body in another charset than UTF-8 answers 415 (it would be read as UTF-8 and applied);
 * - text PostgreSQL cannot store (NUL, a lone surrogate) in the query, the path or a JSON body
 *   answers 400 naming the field, before the schema and the database (a batch of records refuses
 *   it in the record that holds it);
 * - no API reply is kept by a browser or a proxy (tokens, other people's data).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    dropOnlyASilentClient(request, reply);
    if (request.headers['x-forwarded-for'] !== undefined && isIP(request.ip) === 0) {
      return sendRefusal(reply, {
        status: 400,
        message: 'x-forwarded-for: must list IP addresses',
        field: 'x-forwarded-for',
      });
    }
    const contentType = request.headers['content-type'];
    if (typeof contentType !== 'string' || !isJson(contentType)) return;
    const charset = charsetOf(contentType);
    if (charset !== undefined && !UTF8_CHARSETS.includes(charset)) {
      return sendRefusal(reply, {
        status: 415,
        message: 'A JSON body must be encoded in UTF-8.',
        field: 'content-type',
      });
    }
  });

  app.addHook('preValidation', async (request, reply) => {
    const refusal = unstorableTextRefusal(request);
    if (refusal) return sendRefusal(reply, refusal);
  });

  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
