import { z } from 'zod';
import { EntityId, Id } from './http.ts';

/*
 * The sessions of a user (docs/decisions/0033-session-cookie.md): the session secret travels only
 * in an HttpOnly cookie the server sets; the login reply's `token`, kept in the spec's readable
 * `token` cookie and sent as the bearer header, is a request token derived one-way from it. A call
 * needs both.
 */

/** The HttpOnly cookie of the session secret: `__Host-` and Secure over https, the plain name on http. */
export const SESSION_SECRET_COOKIE = { secure: '__Host-session', plain: 'session' } as const;

/** A session not used for this many minutes has ended (SESSION_IDLE_MINUTES on the server). */
export const SESSION_IDLE_MINUTES_DEFAULT = 30;
/** The shortest idle limit the server accepts: the warning comes a minute before the end, after a minute's precision. */
export const SESSION_IDLE_MINUTES_MIN = 3;
/** A session's last use is written at most once in this long: a read, not a write, on every call. */
export const SESSION_LAST_USED_PRECISION_SECONDS = 60;
/** The user agent a session keeps, cut to this length. */
export const USER_AGENT_MAX_LENGTH = 512;

/** A broker's sign-in link (token_user): single-use, and used up within ten minutes. */
export const SIGN_IN_LINK_TTL_SECONDS = 600;

/** POST user/session/exchange (no token): the token_user of a broker's link, used up for a session. */
export const ExchangeSignInLinkRequest = z.object({ token: z.string().min(1).max(200) });
export type ExchangeSignInLinkRequest = z.infer<typeof ExchangeSignInLinkRequest>;

/** The refusal of a link that is used, expired or unknown: the web then opens the login page. */
export const SIGN_IN_LINK_INVALID = 'This sign-in link has expired or has been used. Please log in.';

/** GET user/session: how long the caller's session may stay unused, and when it ends in any case. */
export const SessionResponse = z.object({
  idle_minutes: z.number().int().positive(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** One sign-in of the user: the device in words, where from, when started and last used. */
export const UserSession = z.object({
  id: EntityId,
  /** "Chrome on Windows", from the user agent (deviceOf). */
  device: z.string(),
  user_agent: z.string(),
  ip_address: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  /** To the minute (SESSION_LAST_USED_PRECISION_SECONDS). */
  last_used_at: z.iso.datetime({ offset: true }),
  /** The session of this call: "This device". */
  is_current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;

/** GET user/sessions: the caller's live sessions, this one first, then the most recently used. */
export const SessionsResponse = z.object({ sessions: z.array(UserSession) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

export const SessionParams = z.object({ id: Id });
export type SessionParams = z.infer<typeof SessionParams>;

/** DELETE user/sessions/:id, POST user/sessions/end-others, POST user/user/subusers/:id/end-sessions. */
export const EndSessionsResponse = z.object({ ended: z.number().int().min(0) });
export type EndSessionsResponse = z.infer<typeof EndSessionsResponse>;

export const SESSION_ERRORS = {
  /** 401: no live session (none sent, ended, idle past its limit, or its user inactive). */
  ended: 'Your session has ended. Please log in again.',
  /** 404: not a live session of the caller's. */
  sessionNotFound: 'This sign-in has ended already.',
  /** 400: the caller's own session ends with Logout. */
  ownSession: 'This is the sign-in you are using: use Logout to end it.',
  /** 403: a request from another site. */
  crossSite: 'This request came from another site and was refused.',
} as const;

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/(\b|Headless)Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A user agent's first product and its version, as a program that is no browser sends it: `curl/8.5.0`. */
const PROGRAM = /^[A-Za-z][\w.+-]{0,39}(\/[\w.+-]{1,20})?/;

/**
 * The device of a user agent in words, "Chrome on Windows"; a program that is no browser by the
 * name it gives, "A program (curl/8.5.0)"; "Unknown device" when it tells nothing.
 */
export function deviceOf(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  const program = PROGRAM.exec(userAgent.trim())?.[0];
  if (program) return `A program (${program})`;
  return userAgent.trim() ? 'Unknown browser' : 'Unknown device';
}
