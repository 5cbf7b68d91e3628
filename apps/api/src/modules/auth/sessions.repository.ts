import { sql, type RawBuilder } from 'kysely';
import { SESSION_TTL_SECONDS } from '@clearport/contract/constants';
import { SESSION_LAST_USED_PRECISION_SECONDS, USER_AGENT_MAX_LENGTH } from '@clearport/contract/sessions';
import type { Db } from '../../db/connect.ts';
import { executePrepared } from '../../db/prepared-statements.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionUser } from '../access/session-user.ts';

/** Where a session was started from, as the sessions list shows it. */
export type SessionClient = { userAgent: string; ipAddress: string };

/**
 * A live session: its user, its id (the sessions list's "This device"), when it ends at the latest,
 * and where the primary's log stood after its last change (decision 0040), if it made one.
 */
export type FoundSession = {
  user: SessionUser;
  sessionId: number;
  expiresAt: Date;
  lastWriteLsn: string | null;
  /** Its use was last noted a minute ago or more (SESSION_LAST_USED_PRECISION_SECONDS). */
  useToNote: boolean;
};

export type SessionRow = {
  id: number;
  user_agent: string;
  ip_address: string;
  created_at: Date;
  last_used_at: Date;
};

/** A live session as liveSession reads it: the session, its user and whether its use is a minute old. */
type FoundRow = SessionUser & {
  sessionId: number;
  expiresAt: Date;
  lastWriteLsn: string | null;
  /** Its last noted use is SESSION_LAST_USED_PRECISION_SECONDS old or more. */
  useToNote: boolean;
};

/** A read's row with its session's check beside it (withSessionCheck): the row liveSession found, as JSON. */
export type CheckedRow = { session: (Omit<FoundRow, 'expiresAt'> & { expiresAt: string }) | null };

function foundSessionOf(row: Omit<FoundRow, 'expiresAt'> & { expiresAt: Date | string }): FoundSession {
  const { sessionId, expiresAt, lastWriteLsn, useToNote, ...user } = row;
  return { user, sessionId, expiresAt: new Date(expiresAt), lastWriteLsn, useToNote };
}

/** Live: not past its day, used within the idle limit. */
const isLive = (idleMinutes: number) =>
  sql<boolean>`sessions.expires_at > now() AND sessions.last_used_at > now() - make_interval(mins => ${idleMinutes})`;

/** The live session of a secret, by its hash (hashToken), and its active user: at most one row, as FoundRow. */
const liveSession = (tokenHash: string, idleMinutes: number) => sql<FoundRow>`
  SELECT sessions.id AS "sessionId", sessions.expires_at AS "expiresAt",
    sessions.last_write_lsn::text AS "lastWriteLsn",
    sessions.last_used_at <= now() - make_interval(secs => ${SESSION_LAST_USED_PRECISION_SECONDS}) AS "useToNote",
    users.id, users.company_id AS "companyId", users.role, users.name, users.email,
    companies.time_zone AS "timeZone"
  FROM sessions JOIN users ON users.id = sessions.user_id JOIN companies ON companies.id = users.company_id
  WHERE sessions.token_hash = ${tokenHash} AND ${isLive(idleMinutes)} AND users.active`;

export const sessionsRepository = {
  /** Starts a session and gives back its secret; only its hash is stored. */
  async create(db: Db, userId: number, client: SessionClient = { userAgent: '', ipAddress: '' }): Promise<string> {
    const secret = newToken();
    await db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(secret),
        expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_TTL_SECONDS})`,
        user_agent: client.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
        ip_address: client.ipAddress.slice(0, 64),
      })
      .execute();
    await db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    return secret;
  },

  /**
   * The live session of a secret, by its hash (hashToken), and its active user, or undefined. Every
   * call runs it, so it is one SQL statement compiled without the query builder, and prepared. It
   * notes the session's use only when the last note is a minute old
   * (SESSION_LAST_USED_PRECISION_SECONDS): a call within the minute writes nothing, so the idle end
   * costs the calls a read, not a write each.
   */
  async findSession(db: Db, tokenHash: string, idleMinutes: number): Promise<FoundSession | undefined> {
    const query = sql<FoundRow>`
      WITH found AS (${liveSession(tokenHash, idleMinutes)}), noted AS (
        UPDATE sessions SET last_used_at = now() FROM found
        WHERE sessions.id = found."sessionId" AND found."useToNote"
      )
      SELECT * FROM found`;
    const [row] = await executePrepared(db, query.compile(db));
    return row && foundSessionOf(row);
  },

  /**
   * A read and the check of its session in one statement, one round trip (decision 0045): the
   * read's row with `session`, the live session of the secret's hash as findSession finds it, or null.
   * The read is one row (a reply body); it runs whether or not the session is live, and the
   * caller answers it only if it is. The use is noted apart (noteUse), when `useToNote` says so.
   */
  withSessionCheck<Row>(read: RawBuilder<Row>, tokenHash: string, idleMinutes: number): RawBuilder<Row & CheckedRow> {
    return sql<Row & CheckedRow>`
      SELECT (SELECT to_json(found) FROM (${liveSession(tokenHash, idleMinutes)}) AS found) AS session, read.*
      FROM (${read}) AS read`;
  },

  /** The session a read's check found (withSessionCheck), or undefined. */
  checkedSessionOf(row: CheckedRow): FoundSession | undefined {
    return row.session === null ? undefined : foundSessionOf(row.session);
  },

  /** Notes that the session was used now (the idle end counts from here). */
  async noteUse(db: Db, sessionId: number): Promise<void> {
    await executePrepared(db, sql`UPDATE sessions SET last_used_at = now() WHERE id = ${sessionId}`.compile(db));
  },

  /**
   * Notes where the primary's log stands now, after a change of the session has committed: its
   * next list reads from the replica once the replica has replayed this far (decision 0040).
   */
  async noteWrite(db: Db, sessionId: number): Promise<void> {
    await executePrepared(
      db,
      sql`UPDATE sessions SET last_write_lsn = pg_current_wal_lsn() WHERE id = ${sessionId}`.compile(db),
    );
  },

  /** Ends the session of a secret; whether there was one. */
  async delete(db: Db, secret: string): Promise<boolean> {
    const result = await db.deleteFrom('sessions').where('token_hash', '=', hashToken(secret)).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** The user's live sessions, the most recently used first. */
  async listLive(db: Db, userId: number, idleMinutes: number): Promise<SessionRow[]> {
    return db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'ip_address', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where(isLive(idleMinutes))
      .orderBy('last_used_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** Ends one session of the user (none of another user's); how many ended, 0 or 1. */
  async deleteOne(db: Db, userId: number, sessionId: number): Promise<number> {
    const result = await db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Ends every session of the user but `keepId`; how many ended. */
  async deleteOthers(db: Db, userId: number, keepId: number): Promise<number> {
    const result = await db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
