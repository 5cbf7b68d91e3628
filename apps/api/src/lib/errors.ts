import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { UNKNOWN_CALL_FIELD_MESSAGE } from '@clearport/contract/http';
import { SESSION_ERRORS } from '@clearport/contract/sessions';
import { TEXTS } from '@clearport/contract/texts';
import { DatabaseBusyError } from '../db/prepared-statements.ts';
import { BodyNotUtf8Error } from './json-body.ts';
import { PasswordHashingBusyError } from './passwords.ts';
import { STORAGE_UNAVAILABLE_MESSAGE, StorageUnavailableError } from './storage.ts';
import { fieldName, sendRefusal, type Refusal } from './refusal.ts';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
export const BUSY_MESSAGE = 'The service is busy. Please try again in a moment.';
export const UNSUPPORTED_BODY_MESSAGE =
  'send the body as JSON, with Content-Type: application/json (multipart/form-data where a call takes files)';
export const INVALID_JSON_MESSAGE = 'is not JSON, or holds a __proto__ or constructor key, which no call takes';
/** Where the web client's files are served from (app.ts): their one route is every path no other route has. */
export const WEB_FILES_PREFIX = '/';
const WEB_FILES_ROUTE = `${WEB_FILES_PREFIX}*`;
/** A path whose %-escapes are no UTF-8 text, which the router cannot read. */
export const BAD_PATH_ESCAPE_MESSAGE = 'The address is not valid: a %-escape in its path is no UTF-8 text.';
/** A part of the path read as a parameter (an id) longer than the router reads, 100 characters. */
export const PATH_PART_TOO_LONG_MESSAGE = 'URI Too Long: a part of the path holds at most 100 characters.';
export const CHANGED_MEANWHILE_MESSAGE =
  'Something this change names was removed by another change meanwhile. Please reload and try again.';

/** The answer to a call whose database could not be reached. */
export const DATABASE_UNAVAILABLE: Refusal = { status: 503, message: UNAVAILABLE_MESSAGE, retryAfterSeconds: 5 };

/** pg and pg-pool errors that mean the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  // SQLSTATE class 08 (connection exception), admin shutdown, cannot connect now.
  if (/^08/.test(code) || code === '57P01' || code === '57P03') return true;
  return /timeout exceeded when trying to connect|Connection terminated|connection is closed|Client has encountered a connection error/i.test(
    error.message,
  );
}

/**
 * An error of the database about the data of a statement, not about the database itself:
 * SQLSTATE class 22 (data exception: a NUL, a number out of range), 23 (a constraint) or 54
 * (a value beyond a limit, such as an index entry).
 */
export function isRefusedByDatabase(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}

/**
 * PostgreSQL's deadlock_detected and serialization_failure: two transactions met, and the database
 * ended one of them. Nothing of it stayed, and the same request sent again goes through.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** PostgreSQL's foreign_key_violation: a row the statement names was deleted meanwhile. */
function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23503';
}

/** Whether the signed-in call's session is still there: deleting a user ends their sessions. */
async function hasSessionEnded(request: FastifyRequest): Promise<boolean> {
  if (!request.sessionTokenHash) return false;
  const row = await request.server.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', request.sessionTokenHash)
    .executeTakeFirst()
    // A database that cannot tell leaves the answer to the other case.
    .catch(() => ({ id: 0 }));
  return row === undefined;
}

function fieldOf(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const path = fieldName((instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'));
  if (path) return path;
  const missing = params?.missingProperty;
  return typeof missing === 'string' ? missing : '';
}

/**
 * A field's first refusal alone: the schema goes on checking a value of the wrong type (a list's
 * length on a text sent for a list) and would tell its later checks too, which say less.
 */
export function firstIssuePerField<Issue extends { field: string }>(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field));
}

/** Every error answers JSON `{ message, field?, errors?, issues? }`; nothing internal reaches the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = firstIssuePerField(
        error.validation.map((issue) => {
          const params = issue.params as Record<string, unknown>;
          const unknownKey =
            issue.keyword === 'unrecognized_keys' && Array.isArray(params.keys) ? params.keys[0] : undefined;
          if (typeof unknownKey === 'string') {
            // A misspelt field would otherwise be left unread, and the call do less than asked.
            const path = fieldOf(issue.instancePath, undefined);
            return { field: path ? `${path}.${unknownKey}` : unknownKey, message: UNKNOWN_CALL_FIELD_MESSAGE };
          }
          const field = fieldOf(issue.instancePath, params) || error.validationContext || 'request';
          return { field, message: issue.message ?? 'is invalid' };
        }),
      );
      if (error.validationContext === 'body' && typeof request.body === 'string') {
        // A body sent as text (text/plain, the default of many clients) reads as a string.
        return sendRefusal(reply, { status: 400, message: `body: ${UNSUPPORTED_BODY_MESSAGE}`, field: 'body' });
      }
      const first = errors[0];
      const field = first?.field ?? error.validationContext ?? 'request';
      return sendRefusal(reply, {
        status: 400,
        message: `${field}: ${first?.message ?? 'is invalid'}`,
        field,
        errors: errors.map((each) => each.message),
        issues: errors,
      });
    }
    if (!request.raw.complete && request.raw.destroyed) {
      // The client went away before its request arrived whole: nothing to answer, nothing failed here.
      request.log.info({ err: error }, 'request aborted by the client');
      return sendRefusal(reply, { status: 400, message: 'The request was not received whole.' });
    }
    if (error instanceof PasswordHashingBusyError) {
      request.log.warn('password hashing busy');
      return sendRefusal(reply, { status: 503, message: BUSY_MESSAGE, retryAfterSeconds: 1 });
    }
    if (error instanceof DatabaseBusyError) {
      request.log.warn({ err: error }, 'database busy');
      return sendRefusal(reply, { status: 503, message: BUSY_MESSAGE, retryAfterSeconds: 1 });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendRefusal(reply, DATABASE_UNAVAILABLE);
    }
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'transaction ended by a conflict with another');
      return sendRefusal(reply, { status: 503, message: BUSY_MESSAGE, retryAfterSeconds: 1 });
    }
    if (isForeignKeyViolation(error)) {
      // Between the checks and the write another change deleted what it names: the caller
      // themselves (their user deleted, so the session ended), or the row the request chose.
      // Logged as an error: a wrong id written by the code itself would end here too.
      request.log.error({ err: error }, 'a row the change names was deleted meanwhile');
      if (await hasSessionEnded(request)) return sendRefusal(reply, { status: 401, message: SESSION_ERRORS.ended });
      return sendRefusal(reply, { status: 409, message: CHANGED_MEANWHILE_MESSAGE });
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error }, 'file storage unavailable');
      return sendRefusal(reply, { status: 503, message: STORAGE_UNAVAILABLE_MESSAGE, retryAfterSeconds: 5 });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'reply does not match its schema');
      return sendRefusal(reply, { status: 500, message: TEXTS.genericError });
    }
    const isWebFile = request.routeOptions.url === WEB_FILES_ROUTE && [400, 403].includes(error.statusCode ?? 500);
    if (!request.is404 && (isWebFile || error.code === 'FST_STATIC_FORBIDDEN_PATH')) {
      // The web files' route (or the API description's assets) holds no file at a path with an
      // empty or dot segment, a NUL or a name too long for the disk: not found, as any other (a
      // page loads the client, an API path answers 404).
      return reply.callNotFound();
    }
    const status = error.statusCode ?? 500;
    if (status === 415) {
      // A body of a type no parser takes, or none named: say which one to send.
      return sendRefusal(reply, {
        status,
        message: `Unsupported Media Type: ${UNSUPPORTED_BODY_MESSAGE}.`,
        field: 'content-type',
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      // Fastify's parser refuses a key that could poison objects as it refuses malformed JSON.
      return sendRefusal(reply, { status: 400, message: `body: ${INVALID_JSON_MESSAGE}`, field: 'body' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: of the body (an empty JSON body, one too large, one not UTF-8), or of
      // the request (a range a file does not have, a condition it does not meet).
      const isOfBody = error.code?.startsWith('FST_ERR_CTP_') || error instanceof BodyNotUtf8Error;
      return sendRefusal(reply, {
        status,
        message: error.message || 'Bad request',
        ...(isOfBody ? { field: 'body' } : {}),
      });
    }
    request.log.error({ err: error }, 'request failed');
    return sendRefusal(reply, { status: 500, message: TEXTS.genericError });
  });
}
