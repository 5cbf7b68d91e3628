import { sql } from 'kysely';
import { SIGN_IN_LINK_TTL_SECONDS } from '@clearport/contract/sessions';
import type { Db } from '../../db/connect.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** The broker's sign-in links to Home (token_user): single-use, short-lived, stored as a hash. */
export const signInLinksRepository = {
  /** A new link token of the user, and when it expires; expired links of the user go. */
  async create(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const row = await db
      .insertInto('sign_in_links')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        expires_at: sql<Date>`now() + make_interval(secs => ${SIGN_IN_LINK_TTL_SECONDS})`,
      })
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('sign_in_links')
      .where('user_id', '=', userId)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    return { token, expiresAt: row.expires_at };
  },

  /**
   * Uses the link up: one conditional update, so of two exchanges at once only one gets the user.
   * The user of an unused, unexpired link, with their password hash as the same statement reads it
   * (a password change ends the links: startSession then sees whether one came between); undefined
   * for any other link.
   */
  async consume(db: Db, token: string): Promise<{ userId: number; passwordHash: string } | undefined> {
    const row = await db
      .updateTable('sign_in_links')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning((eb) => [
        'user_id',
        eb
          .selectFrom('users')
          .select('users.password_hash')
          .whereRef('users.id', '=', 'sign_in_links.user_id')
          .as('password_hash'),
      ])
      .executeTakeFirst();
    return row && { userId: row.user_id, passwordHash: row.password_hash ?? '' };
  },
};
