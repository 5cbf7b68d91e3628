import type { FastifyReply } from 'fastify';

/**
 * How a call is refused: its status and the body every refusal answers (contract:
 * ErrorResponse), `{ message, field?, errors?, issues? }`. `field` names the input at fault; `errors`
 * is there for the forms that show `errors[0]`, as they show the schema's refusals.
 */
export type Refusal = {
  status: number;
  message: string;
  field?: string;
  errors?: readonly string[];
  /** Each field at fault with its refusal, when a schema refused several at once. */
  issues?: readonly { field: string; message: string }[];
  /** How long to wait before asking again (429, 503): sent as Retry-After. */
  retryAfterSeconds?: number;
};

/** The name the API description and the refusals give a file's path parameter, the router's `*`. */
export const FILE_KEY_PARAM = 'key';

/**
 * A field as a refusal names it: a file's path parameter, which the router calls `*` (its
 * wildcard), is `key`, as the API description names it; any other field as it is.
 */
export function fieldName(field: string): string {
  return field === '*' ? FILE_KEY_PARAM : field;
}

/**
 * A refusal by name, as a repository returns it from inside its transaction before writing
 * anything; the module's rules turn the name into a Refusal.
 */
export type NamedRefusal = { refused: string };

export function isNamedRefusal<Value extends object>(value: Value): value is Extract<Value, NamedRefusal> {
  return 'refused' in value;
}

/** A refusal whose `errors` repeats its message. */
export function listedRefusal(status: number, message: string, field?: string): Refusal {
  return { status, message, ...(field === undefined ? {} : { field }), errors: [message] };
}

/** The one way a refusal is answered. */
export function sendRefusal(reply: FastifyReply, refusal: Refusal) {
  return reply.code(refusal.status).send(bodyOf(reply, refusal));
}

/**
 * A refusal as an onSend hook answers it, which replaces the payload already serialized instead of
 * sending: the same status, headers and body as sendRefusal's.
 */
export function refusalPayload(reply: FastifyReply, refusal: Refusal): string {
  reply.code(refusal.status).type('application/json; charset=utf-8');
  return JSON.stringify(bodyOf(reply, refusal));
}

/**
 * What a 401 names as the way in (RFC 9110, 11.6.1): a bearer credential, the session's request
 * token or the brokerage's API key as the call's description says.
 */
const AUTHENTICATE = 'Bearer realm="Clearport"';

/** Sets the refusal's Retry-After, if it has one (and a 401's WWW-Authenticate), and returns its body. */
function bodyOf(reply: FastifyReply, { status, message, field, errors, issues, retryAfterSeconds }: Refusal) {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  if (status === 401) reply.header('www-authenticate', AUTHENTICATE);
  return {
    message,
    ...(field === undefined ? {} : { field }),
    ...(errors === undefined ? {} : { errors }),
    ...(issues === undefined ? {} : { issues }),
  };
}
