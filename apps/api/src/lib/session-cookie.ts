import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_SECONDS } from '@clearport/contract/constants';
import { SESSION_SECRET_COOKIE } from '@clearport/contract/sessions';

/*
 * The session's two halves (docs/decisions/0033-session-cookie.md). The secret travels only in an
 * HttpOnly cookie the server sets and no script reads; the bearer header carries the request
 * token, derived one-way from the secret, which the web keeps in the spec's readable `token`
 * cookie. A call needs both: a cross-site request cannot set the header, and a token read by a
 * script is nothing without the cookie.
 */

/** The request token of a session secret: an HMAC keyed by the secret, so the secret cannot be had back from it. */
export function requestTokenOf(secret: string): string {
  return createHmac('sha256', secret).update('clearport request token').digest('base64url');
}

/** Whether a bearer is the session's request token (requestTokenOf), compared in constant time. */
export function isSameToken(bearer: string, requestToken: string): boolean {
  const expected = Buffer.from(requestToken);
  const given = Buffer.from(bearer);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the portal is reached over https: published so (PUBLIC_URL) or this request came so (its
 * protocol, which honours X-Forwarded-Proto only from the proxies TRUST_PROXY names).
 */
export function isSecureRequest(request: FastifyRequest, publicUrl: string): boolean {
  return publicUrl.startsWith('https://') || request.protocol === 'https';
}

/** The session cookie's name: `__Host-` (Secure, this host only, path /) over https, the plain name on http. */
export function sessionCookieName(isSecure: boolean): string {
  return isSecure ? SESSION_SECRET_COOKIE.secure : SESSION_SECRET_COOKIE.plain;
}

/** The value of one cookie of the request's Cookie header, or undefined. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/** The session secret the request carries in the cookie of its protocol (never the other one). */
export function sessionSecretOf(request: FastifyRequest, publicUrl: string): string | undefined {
  const secret = cookieOf(request, sessionCookieName(isSecureRequest(request, publicUrl)));
  // A secret is newToken()'s base64url text; anything else is no session.
  return secret && /^[A-Za-z0-9_-]{20,100}$/.test(secret) ? secret : undefined;
}

function cookieAttributes(isSecure: boolean, maxAgeSeconds: number): string {
  return [`Max-Age=${maxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', ...(isSecure ? ['Secure'] : [])].join(
    '; ',
  );
}

/** Sets the session cookie for a day (SESSION_TTL_SECONDS), as the session lasts on the server. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  secret: string,
): void {
  const isSecure = isSecureRequest(request, publicUrl);
  reply.header(
    'set-cookie',
    `${sessionCookieName(isSecure)}=${secret}; ${cookieAttributes(isSecure, SESSION_TTL_SECONDS)}`,
  );
}

/** Clears the session cookie: the same cookie, empty and already expired. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, publicUrl: string): void {
  const isSecure = isSecureRequest(request, publicUrl);
  reply.header(
    'set-cookie',
    `${sessionCookieName(isSecure)}=; ${cookieAttributes(isSecure, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
  );
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Whether a changing request comes from another site, by the browser's own word: Sec-Fetch-Site
 * other than same-origin or none (typed, a bookmark), or an Origin that is not this portal's.
 * Absent headers (a script, an old browser) say nothing; the bearer header is still needed.
 */
export function isCrossSiteChange(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.includes(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const own = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
  return !own.includes(origin);
}
