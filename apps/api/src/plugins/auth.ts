import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RawBuilder } from 'kysely';
import { SESSION_ERRORS } from '@clearport/contract/sessions';
import type { Db } from '../db/connect.ts';
import { executePrepared } from '../db/prepared-statements.ts';
import { DATABASE_UNAVAILABLE } from '../lib/errors.ts';
import { refusalPayload, sendRefusal } from '../lib/refusal.ts';
import { isCrossSiteChange, isSameToken, requestTokenOf, sessionSecretOf } from '../lib/session-cookie.ts';
import { hashToken } from '../lib/tokens.ts';
import type { SessionUser } from '../modules/access/session-user.ts';
import { sessionsRepository, type FoundSession } from '../modules/auth/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook: answers 401 unless the request carries a live session's cookie and, as its
     * bearer header, that session's request token; 403 for a change another site asks for.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** An onRequest hook of the calls that need no session: 403 for a change another site asks for. */
    refuseCrossSite: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The read of a route whose config says `checksSessionInRead`: the statement `statementOf`
     * makes for the call's user, with the session's check in the same statement when the call's
     * user is still the guess authenticate took (decision 0045). Gives the statement's row, or
     * undefined having answered 401 because the session has ended; read again as the user the
     * check found if the guess was out of date.
     */
    readWithSessionCheck: <Row extends object>(
      request: FastifyRequest,
      reply: FastifyReply,
      statementOf: (db: Db, user: SessionUser) => RawBuilder<Row>,
    ) => Promise<Row | undefined>;
    /**
     * An onSend hook of the calls that need a session: a call answered while its user was still a
     * guess (a refusal of its input, say) has its session checked now, and is answered 401 instead
     * if the session has ended or its user is not the guess.
     */
    settleSessionCheck: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
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
    /** The secret's hash (hashToken), as the sessions table keeps it. */
    sessionTokenHash: string;
    /** The id of the call's session (the sessions list's "This device"). */
    sessionId: number;
    /** When the call's session ends at the latest (its day). */
    sessionExpiresAt: Date;
    /** Where the primary's log stood after the session's last change, if it made one (decision 0040). */
    lastWriteLsn: string | null;
    /**
     * The call's user is what this process's last check of the session found, not yet checked
     * again for this call (decision 0045): readWithSessionCheck or settleSessionCheck checks it.
     */
    sessionUnchecked: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route reads through readWithSessionCheck, which checks the session in the read's own
     * statement (decision 0045). Only for reads none of whose hooks looks at the user.
     */
    checksSessionInRead?: boolean;
  }
}

export type SessionSettings = {
  /** Where the portal is published: https makes the cookie `__Host-` and Secure. */
  publicUrl: string;
  /** Minutes a session may stay unused before it ends (SESSION_IDLE_MINUTES). */
  idleMinutes: number;
};

const SESSION_ENDED = SESSION_ERRORS.ended;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * How many sessions' last checks a process keeps as the guesses of checksSessionInRead routes
 * (decision 0045); past it, the one checked longest ago is forgotten.
 */
const GUESSED_SESSIONS = 10_000;

/** What the last check of a session found, and the session's request token (requestTokenOf). */
type Remembered = { found: FoundSession; requestToken: string };

/** Whether two checks found the same user, field by field, whatever fields a session's user has. */
function isSameUser(a: SessionUser, b: SessionUser): boolean {
  const keys = Object.keys(a) as Array<keyof SessionUser>;
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function adopt(request: FastifyRequest, found: FoundSession): void {
  request.user = found.user;
  request.sessionId = found.sessionId;
  request.sessionExpiresAt = found.expiresAt;
  request.lastWriteLsn = found.lastWriteLsn;
}

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
    app.decorateRequest('sessionTokenHash', '');
    app.decorateRequest('sessionId', 0);
    app.decorateRequest('sessionExpiresAt', null as unknown as Date);
    app.decorateRequest('lastWriteLsn', null);
    app.decorateRequest('sessionUnchecked', false);
    // What the last check of each session found, by its secret's hash: a guess, never an answer.
    // Its request token (the call's bearer, which authenticate found to be it) spares the next call
    // of the session deriving it again.
    const lastFound = new Map<string, Remembered>();
    const remember = (request: FastifyRequest, found: FoundSession | undefined) => {
      const key = request.sessionTokenHash;
      lastFound.delete(key);
      if (!found) return;
      if (lastFound.size >= GUESSED_SESSIONS) lastFound.delete(lastFound.keys().next().value!);
      lastFound.set(key, { found, requestToken: bearerToken(request)! });
    };
    const checkSession = async (request: FastifyRequest) => {
      const found = await sessionsRepository.findSession(app.db, request.sessionTokenHash, settings.idleMinutes);
      remember(request, found);
      return found;
    };
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
      if (!secret || !bearer) return sendRefusal(reply, { status: 401, message: SESSION_ENDED });
      const secretHash = hashToken(secret);
      const remembered = lastFound.get(secretHash);
      const requestToken = remembered?.requestToken ?? requestTokenOf(secret);
      // Both halves, or no session: the cookie alone (a request another site makes the browser
      // send) and the readable token alone (read by a script) are refused alike.
      if (!isSameToken(bearer, requestToken)) return sendRefusal(reply, { status: 401, message: SESSION_ENDED });
      request.sessionToken = secret;
      request.sessionTokenHash = secretHash;
      // A replica would have to wait for the session's last change, which only the check knows.
      if (remembered && request.routeOptions.config.checksSessionInRead && !app.hasReadReplica) {
        adopt(request, remembered.found);
        request.sessionUnchecked = true;
        return;
      }
      const found = await checkSession(request);
      if (!found) return sendRefusal(reply, { status: 401, message: SESSION_ENDED });
      adopt(request, found);
    });
    app.decorate(
      'readWithSessionCheck',
      async <Row extends object>(
        request: FastifyRequest,
        reply: FastifyReply,
        statementOf: (db: Db, user: SessionUser) => RawBuilder<Row>,
      ): Promise<Row | undefined> => {
        const readAs = async (db: Db, user: SessionUser) =>
          (await executePrepared(db, statementOf(db, user).compile(db)))[0];
        if (!request.sessionUnchecked) return app.dbRead(request, (db) => readAs(db, request.user));
        const guess = request.user;
        const statement = sessionsRepository.withSessionCheck(
          statementOf(app.db, guess),
          request.sessionTokenHash,
          settings.idleMinutes,
        );
        const [row] = await executePrepared(app.db, statement.compile(app.db));
        const found = sessionsRepository.checkedSessionOf(row!);
        request.sessionUnchecked = false;
        remember(request, found);
        if (!found) {
          sendRefusal(reply, { status: 401, message: SESSION_ENDED });
          return undefined;
        }
        adopt(request, found);
        if (found.useToNote) await sessionsRepository.noteUse(app.db, found.sessionId);
        // The user changed since the guess (a new role, name or time zone): read as they are now.
        return isSameUser(found.user, guess) ? row : readAs(app.db, found.user);
      },
    );
    app.decorate('settleSessionCheck', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!request.sessionUnchecked) return payload;
      request.sessionUnchecked = false;
      const guess = request.user;
      let found: FoundSession | undefined;
      try {
        found = await checkSession(request);
      } catch (error) {
        request.log.error({ err: error }, 'database unavailable');
        return refusalPayload(reply, DATABASE_UNAVAILABLE);
      }
      if (found && isSameUser(found.user, guess)) return payload;
      return refusalPayload(reply, { status: 401, message: SESSION_ENDED });
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
