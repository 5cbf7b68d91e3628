import { z } from 'zod';
import { MAX_CC_EMAILS, REQUEST_KEY_HEADER } from './constants.ts';
import { EMAIL_MAX_LENGTH, isEmail } from './email-address.ts';
import { TEXTS } from './texts.ts';

/** The body of every error reply: a message for people, and the field when one is at fault. */
export const ErrorResponse = z.object({
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(z.string()).optional(),
  issues: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional()
    .describe(
      'With a request the schema refuses: every field at fault (a dotted path, such as `accounts.0.name`) with its refusal, in the order of `errors`.',
    ),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Ids are PostgreSQL integers: a larger number names nothing and is refused as bad input. */
export const MAX_ID = 2_147_483_647;

const DECIMAL_DIGITS = /^[0-9]{1,16}$/;
export const WHOLE_NUMBER_MESSAGE = 'must be a whole number, written in digits';
/** A body's or query's field the call does not have: refused, so that a misspelt one is not left unread. */
export const UNKNOWN_CALL_FIELD_MESSAGE = 'is not a field of this call; the API description lists its fields';

/**
 * A whole number from `min` to `max`: the base of every number a path or query carries
 * (`fromDigits`). The range is checked before the wholeness, so that a number past what JavaScript
 * holds exactly (9007199254740993) is refused by the range the field keeps to, not by JavaScript's.
 */
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.code === 'invalid_type' ? WHOLE_NUMBER_MESSAGE : undefined) })
    .min(min)
    .max(max)
    .int();

/**
 * A number in a path or query, read from its decimal digits only. `Number()`, which `z.coerce`
 * calls, reads `0x10` as 16, `1e3` as 1000, ` 5` as 5 and an empty value as 0: one page would have
 * several addresses, and a mistyped id would name another record. A number passes as it is (the
 * web builds its queries from numbers).
 */
export function fromDigits<T extends z.ZodType<number | undefined>>(number: T) {
  return z.preprocess(
    (value: string | number) =>
      typeof value === 'string' ? (DECIMAL_DIGITS.test(value) ? Number(value) : Number.NaN) : value,
    number,
  );
}

/** A positive integer id in a path or query. */
export const Id = fromDigits(wholeNumber(1, MAX_ID));
export const IdParams = z.object({ id: Id });

/** REQUEST_KEY_HEADER's value: a new one for every new change. */
export const RequestKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, hyphens or underscores');
export const RequestKeyHeaders = z.object({
  [REQUEST_KEY_HEADER]: RequestKey.optional().describe(
    'A key of your own for this change (16 to 64 letters, digits, hyphens or underscores), new for each new ' +
      'change: sent again with the same request (a retry after no answer), it answers what the first did and ' +
      'writes nothing twice; with another request, 422.',
  ),
});
/** 422 naming REQUEST_KEY_HEADER: the key named another request before (another note, another order). */
export const REQUEST_KEY_REUSED =
  'This Idempotency-Key was sent before with a different request. Send a new change under a new key.';

/** A positive integer id inside a JSON body or reply (no coercion: JSON carries numbers). */
export const EntityId = z.number().min(1).max(MAX_ID).int();

/**
 * A yes/no flag as the API writes it: 1 or 0. Replies use it for every stored flag
 * (is_paid, approved, submitted, is_master_bill_lading, 7501_reviewed, ...); the spec's
 * explicit booleans (documents_submitted[].submitted, toggle replies) stay booleans.
 */
export const Flag = z.literal([0, 1]);
export type Flag = z.infer<typeof Flag>;

export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

/** Paging of a list reply: `last_page` is at least 1, also for an empty list. */
export const Pagination = z.object({
  total: z.number().int().nonnegative(),
  last_page: z.number().int().positive(),
  current_page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});
export type Pagination = z.infer<typeof Pagination>;

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

/** An e-mail address (email-address.ts), TEXTS.emailInvalid otherwise. */
export const Email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: TEXTS.emailInvalid, abort: true })
  .refine(isEmail, TEXTS.emailInvalid)
  .meta({ format: 'email' });

/** Each address once, compared without case, the first written kept. */
export function distinctAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A CC list of at most MAX_CC_EMAILS different addresses, each kept once (compared without case,
 * the first written kept), so that an address sent twice is mailed once and counted once.
 */
export const CcEmails = (tooMany = `Too big: expected at most ${MAX_CC_EMAILS} different addresses`) =>
  z
    .array(Email)
    .refine((addresses) => distinctAddresses(addresses).length <= MAX_CC_EMAILS, tooMany)
    .meta({
      description: `At most ${MAX_CC_EMAILS} different addresses; one written again, in any letter case, is kept once.`,
    })
    .transform(distinctAddresses);

/** An e-mail address or the empty string, for a recipient that is not set yet. */
export const EmailOrEmpty = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: TEXTS.emailInvalid, abort: true })
  .refine((value) => value === '' || isEmail(value), TEXTS.emailInvalid);
