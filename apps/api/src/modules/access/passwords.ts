import { sql } from 'kysely';
import { TEXTS } from '@clearport/contract/texts';
import type { Db } from '../../db/connect.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { listedRefusal, type Refusal } from '../../lib/refusal.ts';
import { hashToken } from '../../lib/tokens.ts';

/**
 * The refusal of a new password that is on the list of common and breached passwords (400
 * naming `field`), checked wherever a password is set: reset, the set-password link, Settings
 * and the users screen. The schemas refuse a password shorter than PASSWORD_MIN_LENGTH first.
 */
export function commonPasswordRefusal(password: string | undefined, field = 'password'): Refusal | undefined {
  if (password === undefined || !isCommonPassword(password)) return undefined;
  return listedRefusal(400, TEXTS.passwordTooCommon, field);
}

/**
 * Ends every session of the user but the one named (the caller's own, when they stay on the
 * page): their next call answers 401. The sessions about to begin end with them: a sign-in
 * waiting for its second step (or for a second factor to be set up) and the broker's sign-in links.
 */
export async function endSessions(
  db: Db,
  userId: number,
  options: { keepSessionToken?: string } = {},
): Promise<number> {
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (options.keepSessionToken) sessions = sessions.where('token_hash', '!=', hashToken(options.keepSessionToken));
  const result = await sessions.executeTakeFirst();
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('sign_in_links').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows);
}

/**
 * Ends the links that would set the user's password (a reset's, a set-password link): a new
 * password or a new e-mail address makes those sent before it stale, and one mailed to a
 * mistyped address must not outlive the correction.
 */
export async function endPasswordLinks(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/**
 * The one way a password changes: the new hash is stored, every session the old password opened
 * ends (but the one named), and so do the sign-ins and links pending (endSessions,
 * endPasswordLinks). Hash with hashPassword before the transaction this runs in: scrypt takes a
 * while, and must not hold a connection meanwhile.
 */
export async function storePasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  options: { keepSessionToken?: string } = {},
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
  await endSessions(db, userId, options);
  await endPasswordLinks(db, userId);
}

/**
 * Whether the user is still active with the password hash their sign-in was checked against,
 * holding their row (FOR SHARE) until the transaction ends: what a session or a sign-in's second
 * step is written under. A password change (storePasswordHash) then either committed first, and
 * this answers false, or waits for what this transaction starts, and ends it with the others.
 */
export async function holdIfPasswordUnchanged(trx: Db, userId: number, passwordHash: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('active', '=', true)
    .where('password_hash', '=', passwordHash)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** Hashes the new password, then stores it in a transaction of its own (storePasswordHash). */
export async function changePassword(
  db: Db,
  userId: number,
  newPassword: string,
  options: { keepSessionToken?: string } = {},
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute((trx) => storePasswordHash(trx, userId, passwordHash, options));
}
