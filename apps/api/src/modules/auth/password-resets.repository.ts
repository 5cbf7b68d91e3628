import { sql } from 'kysely';
import { PASSWORD_RESET_TTL_SECONDS } from '@clearport/contract/constants';
import type { Db } from '../../db/connect.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export const passwordResetsRepository = {
  /** A single-use token valid for `ttlSeconds` (a forgotten password's hour by default). */
  async create(db: Db, userId: number, ttlSeconds = PASSWORD_RESET_TTL_SECONDS): Promise<string> {
    const token = newToken();
    await db
      .insertInto('password_resets')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
      })
      .execute();
    return token;
  },

  /** Marks an unused, unexpired token used and gives back its user; undefined otherwise. */
  async consume(db: Db, token: string): Promise<number | undefined> {
    const row = await db
      .updateTable('password_resets')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  },

  async deleteAllOf(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  },

  /**
   * The user an unused, unexpired token belongs to, without using it, and whether it is a new
   * user's set-password link (made to last longer than a forgotten password's hour).
   */
  async peek(db: Db, token: string): Promise<{ userId: number; isSetPasswordLink: boolean } | undefined> {
    const row = await db
      .selectFrom('password_resets')
      .select([
        'user_id',
        sql<boolean>`expires_at - created_at > make_interval(secs => ${PASSWORD_RESET_TTL_SECONDS})`.as(
          'is_set_password_link',
        ),
      ])
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row ? { userId: row.user_id, isSetPasswordLink: row.is_set_password_link } : undefined;
  },
};
