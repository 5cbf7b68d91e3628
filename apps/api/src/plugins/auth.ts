import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ERRORS } from '@clearport/contract/sessions';
import { sendRefusal } from '../lib/refusal.ts';
import { isCrossSiteChange, isRequestTokenOf, sessionSecretOf } from '../lib/session-cookie.ts';
import type { SessionUser } from '../modules/access/session-user.ts';
import { sessionsRepository } from '../modules/auth/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook: answers 401 unless the request carries a live session's cookie and, as its
     * bearer header, that session's request token; 403 for a change another site asks for.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** An onRequest hook of the calls that need no session: 403 for a change another site asks for. */
    refuseCrossSite: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** How the session cookie is set and read, and how long a session may stay unused. */
    sessionSettings: SessionSettings;
    /**
     * An onSend hook of the calls that need a session: after a change that succeeded, notes where
     * the primary's log stands in the session, so its next list waits for the replica to replay it
     * (decision 0040). Nothing without a read replica.
     */
    noteSessionWrite: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  }
  interface FastifyRequest {
    user: SessionUser;
    /** The session secret of the call (its cookie's value): what ends or keeps the session. */
    sessionToken: string;
    /** The id of the call's session (the sessions list's "This device"). */
    sessionId: number;
    /** When the call's session ends at the latest (its day). */
    sessionExpiresAt: Date;
    /** Where the primary's log stood after the session's last change, if it made one (decision 0040). */
    lastWriteLsn: string | null;
  }
}

export type SessionSettings = {
  /** Where the portal is published: https makes the cookie `__Host-` and Secure. */
  publicUrl: string;
  /** Minutes a session may stay unused before it ends (SESSION_IDLE_MINUTES). */
  idleMinutes: number;
};

const SESSION_ENDED = 'Your session has ended. Please log in again.';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export default fp<SessionSettings>(
  async (app, settings) => {
    app.decorate('sessionSettings', settings);
    app.decorateRequest('user', null as unknown as SessionUser);
    app.decorateRequest('sessionToken', '');
    app.decorateRequest('sessionId', 0);
    app.decorateRequest('sessionExpiresAt', null as unknown as Date);
    app.decorateRequest('lastWriteLsn', null);
    app.decorate('refuseCrossSite', async (request: FastifyRequest, reply: FastifyReply) => {
      if (isCrossSiteChange(request, settings.publicUrl)) {
        return sendRefusal(reply, { status: 403, message: SESSION_ERRORS.crossSite });
      }
    });
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      if (isCrossSiteChange(request, settings.publicUrl)) {
        return sendRefusal(reply, { status: 403, message: SESSION_ERRORS.crossSite });
      }
      const secret = sessionSecretOf(request, settings.publicUrl);
      const bearer = bearerToken(request);
      // Both halves, or no session: the cookie alone (a request another site makes the browser
      // send) and the readable token alone (read by a script) are refused alike.
      const found =
        secret && bearer && isRequestTokenOf(secret, bearer)
          ? await sessionsRepository.findSession(app.db, secret, settings.idleMinutes)
          : undefined;
      if (!secret || !found) return sendRefusal(reply, { status: 401, message: SESSION_ENDED });
      request.user = found.user;
      request.sessionToken = secret;
      request.sessionId = found.sessionId;
      request.sessionExpiresAt = found.expiresAt;
      request.lastWriteLsn = found.lastWriteLsn;
    });
    app.decorate('noteSessionWrite', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      // A refusal wrote nothing (its transaction rolled back); the reply waits for the note, so
      // the session's next call, on whichever server, finds it.
      if (!app.hasReadReplica || READS.has(request.method) || reply.statusCode >= 400 || !request.sessionId) {
        return payload;
      }
      try {
        await sessionsRepository.noteWrite(app.db, request.sessionId);
      } catch (error) {
        request.log.warn({ err: error }, 'the session’s last change was not noted: its lists may lag behind it');
      }
      return payload;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
