import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '@clearport/contract/auth';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../lib/action.ts';
import { requestTokenOf, sessionSecretOf, setSessionCookie } from '../../lib/session-cookie.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { holdIfPasswordUnchanged } from '../access/passwords.ts';

/**
 * A user whose sign-in has passed every check it needs, with the password hash as the statement
 * that proved the first factor read it (the password's check, the challenge's or the link's).
 */
export type SignedInUser = { id: number; name: string; role: number; primary_contact: string; password_hash: string };

/** A session started in the database, not yet handed to the browser (handOverSession). */
export type StartedSession = { secret: string; answer: LoginResponse };

/**
 * Starts the session of a user who has signed in, and gives back the login reply to hand over. Every
 * way in (the login form, a broker's sign-in link, and anything after them) ends here, so a session
 * is always started one way (docs/decisions/0033-session-cookie.md): the secret goes out only in the
 * HttpOnly cookie (handOverSession); the reply's `token` is the request token derived from it, for
 * the readable cookie and the bearer header. A session the browser still held is ended, so a
 * sign-in always starts a new one and never leaves the old one behind.
 *
 * Undefined when the user's password changed, or the user was made inactive, since the first
 * factor was checked: a password change ends every session, and one started from the old
 * password, however close behind, must not outlive it.
 */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  user: SignedInUser,
): Promise<StartedSession | undefined> {
  const previous = sessionSecretOf(request, request.server.sessionSettings.publicUrl);
  if (previous) await sessionsRepository.delete(db, previous);
  const secret = await inTransaction(db, async (trx) => {
    if (!(await holdIfPasswordUnchanged(trx, user.id, user.password_hash))) return undefined;
    return sessionsRepository.create(trx, user.id, {
      userAgent: request.headers['user-agent'] ?? '',
      ipAddress: request.ip,
    });
  });
  if (secret === undefined) return undefined;
  return {
    secret,
    answer: {
      token: requestTokenOf(secret),
      name: user.name,
      role: user.role,
      primary: user.primary_contact,
      company_primary_contact: user.primary_contact,
    },
  };
}

/**
 * Sets the cookie of a started session on the reply and gives its login reply: once the session is
 * stored, after the transaction it was started in has committed, so no browser holds a cookie of a
 * session that a failed commit undid.
 */
export function handOverSession(request: FastifyRequest, reply: FastifyReply, session: StartedSession): LoginResponse {
  setSessionCookie(request, reply, request.server.sessionSettings.publicUrl, session.secret);
  return session.answer;
}
