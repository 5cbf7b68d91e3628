/**
 * The security event log (decision 0035): what happened to whose account, from where, and how it
 * ended. One row a security-relevant event, written by the API's recordSecurityEvent, read by the
 * primary user's Security events screen and `npm run broker -- security-events`.
 */

/**
 * Every kind of event. The first six are written by today's code; the rest are reserved for the
 * two-factor sign-in, the sessions list and sign-in links, which write them through the same
 * recorder.
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
