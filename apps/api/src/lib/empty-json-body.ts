import type { FastifyInstance } from 'fastify';

/**
 * The broker's calls that take no body (an approval, a revocation, a retry, a replay) read a
 * request with `Content-Type: application/json` and an empty body as one without a body, as
 * many HTTP clients send them; Fastify's own parser refuses it (400, "Body cannot be empty when
 * content-type is set to 'application/json'"). Any other body goes to that parser, unchanged,
 * and a call that needs a body still refuses a missing one in its schema (400, naming it).
 */
export function readEmptyJsonBodyAsNone(scope: FastifyInstance): void {
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    // parseAs 'string': the body is a string.
    json(request, body as string, done);
  });
}
