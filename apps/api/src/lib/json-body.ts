import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';

/** A JSON body whose bytes are not UTF-8 (RFC 8259, 8.1): refused, not read with U+FFFD in their place. */
export const NOT_UTF8_BODY_MESSAGE = 'is not UTF-8 text: send JSON encoded in UTF-8';

/** The parser's refusal of such a body: 400, naming the body. */
export class BodyNotUtf8Error extends Error {
  readonly statusCode = 400;
  constructor() {
    super(`body: ${NOT_UTF8_BODY_MESSAGE}`);
  }
}

/**
 * JSON bodies read by Fastify's own parser (a `__proto__` or `constructor` key refused, the
 * body limit kept) once their bytes are known to be UTF-8: Fastify's reads others with U+FFFD for
 * each byte it cannot read, and the call would store `Soci�t�` for a Société sent in Latin-1.
 * With `emptyAsNone`, an empty body is read as none.
 */
function readJsonBodies(scope: FastifyInstance, emptyAsNone: boolean): void {
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // parseAs 'buffer': the body is a Buffer.
    const bytes = body as Buffer;
    if (emptyAsNone && bytes.length === 0) return done(null, undefined);
    if (!isUtf8(bytes)) {
      return done(new BodyNotUtf8Error(), undefined);
    }
    json(request, bytes.toString('utf8'), done);
  });
}

/** Every JSON body of the server's calls is UTF-8 text (readJsonBodies). */
export function readJsonBodiesAsUtf8(scope: FastifyInstance): void {
  readJsonBodies(scope, false);
}

/**
 * The broker's calls that take no body (an approval, a revocation, a retry, a replay) read a
 * request with `Content-Type: application/json` and an empty body as one without a body, as
 * many HTTP clients send them; Fastify's own parser refuses it (400, "Body cannot be empty when
 * content-type is set to 'application/json'"). Any other body is read as every JSON body is, and
 * a call that needs a body still refuses a missing one in its schema (400, naming it).
 */
export function readEmptyJsonBodyAsNone(scope: FastifyInstance): void {
  readJsonBodies(scope, true);
}
