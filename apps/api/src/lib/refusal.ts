import type { FastifyReply } from 'fastify';

/**
 * How a call is refused: its status and the body every refusal answers (contract:
 * ErrorResponse), `{ message, field?, errors? }`. `field` names the input at fault; `errors`
 * is there for the forms that show `errors[0]`, as they show the schema's refusals.
 */
export type Refusal = {
  status: number;
  message: string;
  field?: string;
  errors?: readonly string[];
  /** How long to wait before asking again (429, 503): sent as Retry-After. */
  retryAfterSeconds?: number;
};

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
  const { status, message, field, errors, retryAfterSeconds } = refusal;
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(status).send({
    message,
    ...(field === undefined ? {} : { field }),
    ...(errors === undefined ? {} : { errors }),
  });
}
