import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Mailer } from '../../lib/mail.ts';
import { endPasswordLinks } from '../access/passwords.ts';

/** Whether another user has this login e-mail (case aside). */
export async function isEmailTaken(db: Db, userId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function changeOwnEmail(trx: Db, userId: number, email: string) {
  await trx
    .updateTable('users')
    .set({ email, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
  await endPasswordLinks(trx, userId);
}

/** Tells the old address of a changed login e-mail, so a takeover does not go unnoticed. */
export async function sendEmailChangedNotice(
  mailer: Mailer,
  user: { name: string; email: string },
  newEmail: string,
): Promise<void> {
  await mailer.send({
    to: user.email,
    subject: 'Your Clearport e-mail address was changed',
    text: `Hello ${user.name},\n\nThe e-mail address you log in to the Clearport client portal with was changed from ${user.email} to ${newEmail}.\n\nIf you did not make this change, contact your brokerage at once: reply to this e-mail.\n`,
  });
}
