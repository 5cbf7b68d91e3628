import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Mailer } from '../../lib/mail.ts';
import { mailParts } from '../../lib/mail-html.ts';
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

/** Who changed a user's login e-mail: the user, a colleague (by name), or the brokerage. */
export type EmailChangedBy = { colleague: string } | 'self' | 'brokerage';

/** Tells the old address of a changed login e-mail, so a takeover does not go unnoticed, and who made it. */
export async function sendEmailChangedNotice(
  mailer: Mailer,
  user: { name: string; email: string },
  newEmail: string,
  by: EmailChangedBy = 'self',
): Promise<void> {
  const changed = `The e-mail address you log in to the Clearport client portal with was changed from ${user.email} to ${newEmail}`;
  const [what, ifNot] =
    by === 'self'
      ? [`${changed}.`, 'If you did not make this change, contact your brokerage at once: reply to this e-mail.']
      : by === 'brokerage'
        ? [`${changed} by your brokerage.`, 'If you did not expect this change, reply to this e-mail.']
        : [
            `${changed} by ${by.colleague}.`,
            `If you did not expect this change, ask ${by.colleague}, or contact your brokerage: reply to this e-mail.`,
          ];
  await mailer.send({
    to: user.email,
    subject: 'Your Clearport e-mail address was changed',
    ...mailParts([[`Hello ${user.name},`], [what], [ifNot]]),
  });
}
