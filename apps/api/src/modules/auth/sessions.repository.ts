import { sql } from 'kysely';
import { SESSION_TTL_SECONDS } from '@clearport/contract/constants';
import type { Db } from '../../db/connect.ts';
import { executePrepared } from '../../db/prepared-statements.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionUser } from '../access/session-user.ts';

export const sessionsRepository = {
  /** Starts a session and gives back the token; only its hash is stored. */
  async create(db: Db, userId: number): Promise<string> {
    const token = newToken();
    await db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_TTL_SECONDS})`,
      })
      .execute();
    await db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    return token;
  },

  /**
   * The active user of an unexpired session, or undefined. Every call runs it, so it is SQL
   * compiled without the query builder, and prepared.
   */
  async findUser(db: Db, token: string): Promise<SessionUser | undefined> {
    const query = sql<SessionUser>`
      SELECT users.id, users.company_id AS "companyId", users.role, users.name, users.email,
        companies.time_zone AS "timeZone"
      FROM sessions JOIN users ON users.id = sessions.user_id JOIN companies ON companies.id = users.company_id
      WHERE sessions.token_hash = ${hashToken(token)} AND sessions.expires_at > now() AND users.active`;
    const [user] = await executePrepared(db, query.compile(db));
    return user;
  },

  async delete(db: Db, token: string): Promise<void> {
    await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  },
};
