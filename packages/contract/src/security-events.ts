import { z } from 'zod';
import { CALENDAR_DATE_MESSAGE, CalendarDate } from './calendar.ts';
import { EntityId, fromDigits, Pagination, wholeNumber } from './http.ts';
import { CURSOR_MESSAGE, isTimestampText, readListCursor } from './list-cursor.ts';

/**
 * The security event log (decision 0035): what happened to whose account, from where, and how it
 * ended. One row a security-relevant event, written by the API's recordSecurityEvent, read by the
 * primary user's Security events screen and `npm run broker -- security-events`.
 */

/**
 * Every kind of event: the sign-ins, sign-outs and changes of the account, and those the two-factor
 * sign-in, the sessions list and sign-in links write through the same recorder.
 */
export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_out',
  'password_changed',
  'email_changed',
  'authorization_refused',
  'broker_key_used',
  'second_factor_passed',
  'second_factor_failed',
  'second_factor_changed',
  'recovery_code_used',
  'session_ended_by_admin',
  'sessions_ended',
  'link_sign_in',
  'current_password_failed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * How an event ended: `success`; `failure` (a wrong password, code or key); `throttled` (too many
 * tries, answered 429 before any check); `refused` (who asked is known, but may not do it: 403,
 * or 404 for a record that exists but is not theirs to see).
 */
export const SECURITY_EVENT_OUTCOMES = ['success', 'failure', 'throttled', 'refused'] as const;
export type SecurityEventOutcome = (typeof SECURITY_EVENT_OUTCOMES)[number];

/** Who acted: a portal user, a broker API key, or the server itself (a worker, the command line). */
export const SECURITY_EVENT_ACTORS = ['user', 'broker_key', 'system'] as const;
export type SecurityEventActor = (typeof SECURITY_EVENT_ACTORS)[number];

/** How each kind reads on the screen and in the CSV. */
export const SECURITY_EVENT_KIND_LABELS: Record<SecurityEventKind, string> = {
  sign_in: 'Sign-in',
  sign_out: 'Sign-out',
  password_changed: 'Password changed',
  email_changed: 'E-mail changed',
  authorization_refused: 'Access refused',
  broker_key_used: 'Broker API key used',
  second_factor_passed: 'Second factor passed',
  second_factor_failed: 'Second factor failed',
  second_factor_changed: 'Second factor changed',
  recovery_code_used: 'Recovery code used',
  session_ended_by_admin: 'Session ended by an administrator',
  sessions_ended: 'Sessions ended',
  link_sign_in: 'Sign-in by link',
  current_password_failed: 'Current password wrong',
};

export const SECURITY_EVENT_OUTCOME_LABELS: Record<SecurityEventOutcome, string> = {
  success: 'Success',
  failure: 'Failure',
  throttled: 'Throttled',
  refused: 'Refused',
};

/** password_changed's `detail.via`: where the new password was chosen. */
export const PASSWORD_CHANGE_VIAS = ['settings', 'reset', 'set_password_link', 'admin'] as const;
export type PasswordChangeVia = (typeof PASSWORD_CHANGE_VIAS)[number];

/** The refusal of every role but the primary user's (403). */
export const SECURITY_EVENTS_NOT_ALLOWED = 'Only the primary user can see the security events.';

/** The Security events screen's page size (decision 0037). */
export const SECURITY_EVENTS_PAGE_SIZE = 50;

/** The most rows the CSV export writes: the newest of the filtered events, the rest left out. */
export const SECURITY_EVENTS_CSV_MAX_ROWS = 100_000;

const DayText = CalendarDate;

/**
 * What the list and the CSV select, every filter optional: `user_id` one of the company's users
 * (another id selects nothing), `kind` one of SECURITY_EVENT_KINDS, `from` and `to` days of the
 * company's calendar (its time zone), both included. An empty value is no filter.
 */
const securityEventFilters = {
  user_id: z.union([z.literal('').transform(() => undefined), fromDigits(EntityId)]).optional(),
  kind: z.union([z.literal('').transform(() => undefined), z.enum(SECURITY_EVENT_KINDS)]).optional(),
  // A day no calendar has is refused in the day's own words, not the union's "Invalid input".
  from: z.union([z.literal('').transform(() => undefined), DayText], { error: CALENDAR_DATE_MESSAGE }).optional(),
  to: z.union([z.literal('').transform(() => undefined), DayText], { error: CALENDAR_DATE_MESSAGE }).optional(),
};

function refineDays(query: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'is before from' });
  }
}

/** GET user/security-events/export.csv: the list's filters, every page up to the cap. */
export const SecurityEventsExportQuery = z.object(securityEventFilters).superRefine(refineDays);
export type SecurityEventsExportQuery = z.infer<typeof SecurityEventsExportQuery>;
export type SecurityEventsExportQueryInput = z.input<typeof SecurityEventsExportQuery>;

/**
 * GET user/security-events: the company's events, newest first (occurred_at, then id, both
 * descending). With `after` (or `before`), a place a reply's `pagination.cursors` gave, the page
 * is the events that follow (or precede) it under the same filters, and `page` is only the number
 * it is shown as; without one, `page` names the page by its number. A cursor's key is the event's
 * time in UTC, `YYYY-MM-DD HH:MM:SS.ffffff`.
 */
export const SecurityEventsQuery = z
  .object({
    page: fromDigits(wholeNumber(1, 100_000).default(1)),
    ...securityEventFilters,
    after: z.string().max(2_000).optional(),
    before: z.string().max(2_000).optional(),
  })
  .superRefine((query, context) => {
    refineDays(query, context);
    if (query.after !== undefined && query.before !== undefined) {
      context.addIssue({ code: 'custom', path: ['before'], message: 'cannot be sent with after' });
    }
    for (const side of ['after', 'before'] as const) {
      const text = query[side];
      if (text === undefined) continue;
      const cursor = readListCursor(text);
      if (!cursor || cursor.key === null || !isTimestampText(cursor.key)) {
        context.addIssue({ code: 'custom', path: [side], message: CURSOR_MESSAGE });
      }
    }
  });
export type SecurityEventsQuery = z.infer<typeof SecurityEventsQuery>;
export type SecurityEventsQueryInput = z.input<typeof SecurityEventsQuery>;

/**
 * One event as the screen shows it: `occurred_at` ISO 8601 in UTC; `email` as written then (the
 * user's, or what a failed sign-in typed); `detail` its small object of plain facts.
 */
export const SecurityEventRow = z.object({
  id: z.string(),
  occurred_at: z.string(),
  user_id: z.number().int().nullable(),
  email: z.string().nullable(),
  actor: z.enum(SECURITY_EVENT_ACTORS),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  kind: z.string(),
  outcome: z.enum(SECURITY_EVENT_OUTCOMES),
  detail: z.record(z.string(), z.unknown()),
});
export type SecurityEventRow = z.infer<typeof SecurityEventRow>;

/** GET user/security-events: a page of events, with the places of its first and last rows. */
export const SecurityEventsResponse = z.object({
  result: z.array(SecurityEventRow),
  pagination: Pagination.extend({
    cursors: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  }),
});
export type SecurityEventsResponse = z.infer<typeof SecurityEventsResponse>;

/** GET user/security-events/users: the company's users, by e-mail, for the user filter. */
export const SecurityEventUsersResponse = z.object({
  users: z.array(z.object({ id: EntityId, email: z.string() })),
});
export type SecurityEventUsersResponse = z.infer<typeof SecurityEventUsersResponse>;

/** How a kind reads: its label, or the stored name of a kind this code does not know. */
export function securityEventKindLabel(kind: string): string {
  return (SECURITY_EVENT_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/** The event's detail as one line of `name: value` pairs. */
export function securityEventDetailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([name, value]) => `${name.replace(/_/g, ' ')}: ${value === null ? '-' : String(value)}`)
    .join('; ');
}

/** The CSV export's columns, in order. */
export const SECURITY_EVENT_CSV_COLUMNS: ReadonlyArray<{ header: string; value: (event: SecurityEventRow) => string }> =
  [
    { header: 'Time (UTC)', value: (event) => event.occurred_at },
    { header: 'User', value: (event) => event.email ?? '' },
    { header: 'Event', value: (event) => securityEventKindLabel(event.kind) },
    { header: 'Outcome', value: (event) => SECURITY_EVENT_OUTCOME_LABELS[event.outcome] },
    { header: 'Address', value: (event) => event.ip ?? '' },
    { header: 'User Agent', value: (event) => event.user_agent ?? '' },
    { header: 'Details', value: (event) => securityEventDetailText(event.detail) },
  ];

/** Session storage keys of the Security events list. */
export const SECURITY_EVENTS_SESSION_STORAGE_KEYS = {
  page: 'securityEventsPage',
  user: 'securityEventsUser',
  kind: 'securityEventsKind',
  from: 'securityEventsFrom',
  to: 'securityEventsTo',
} as const;
