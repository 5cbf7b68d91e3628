import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';

/**
 * The one way to change a password: a new password ends every session that the old one opened,
 * except the one named (the caller's own, when they change it from a page they stay on).
 * Pass a transaction when the change belongs to a larger one.
 */
export async function changePassword(
  db: Db,
  userId: number,
  newPassword: string,
  options: { keepSessionToken?: string } = {},
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const write = async (trx: Db) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
      .where('id', '=', userId)
      .execute();
    let sessions = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (options.keepSessionToken) sessions = sessions.where('token_hash', '!=', hashToken(options.keepSessionToken));
    await sessions.execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}
