import { setPasswordLinkQuery } from '@clearport/contract/auth';
import { SET_PASSWORD_LINK_TTL_SECONDS } from '@clearport/contract/constants';
import type { Db } from '../../db/connect.ts';
import type { Mailer } from '../../lib/mail.ts';
import { mailParts } from '../../lib/mail-html.ts';
import { passwordResetsRepository } from './password-resets.repository.ts';

/** Thrown when the set-password e-mail cannot be sent; the transaction around it rolls back. */
export class SetPasswordMailError extends Error {}

/**
 * E-mails the user a single-use link to the reset-password page, valid for seven days, which opens
 * it as Set your password, greeting the user by name with their e-mail filled in. The mail says
 * whose portal it is and who sent it (`by`, a colleague's name; null for the brokerage), and
 * whether the account is new (`isNew`) or the user already had one. Call it inside the
 * transaction that makes the change, so a mail that cannot be sent saves nothing.
 */
export async function sendSetPasswordLink(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  user: { id: number; name: string; email: string },
  { isNew, by }: { isNew: boolean; by: string | null },
): Promise<void> {
  const { company } = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select('companies.name as company')
    .where('users.id', '=', user.id)
    .executeTakeFirstOrThrow();
  const who = by ?? 'Your brokerage';
  const opening = isNew
    ? `${who} has set up an account for you on the Clearport client portal of ${company}, with the user name ${user.email}.`
    : `${who} has sent you a link to choose a new password for the Clearport client portal of ${company}, where your user name is ${user.email}.`;
  const token = await passwordResetsRepository.create(db, user.id, SET_PASSWORD_LINK_TTL_SECONDS);
  const query = setPasswordLinkQuery({ name: user.name, email: user.email });
  const link = `${publicUrl}/reset-password/${encodeURIComponent(token)}?${query}`;
  try {
    await mailer.send({
      to: user.email,
      subject: 'Set your Clearport password',
      ...mailParts([
        [`Hello ${user.name},`],
        [opening],
        ['To choose your password, open this link within seven days:', { link }],
        ['The link works once.'],
      ]),
    });
  } catch (error) {
    throw new SetPasswordMailError('set-password mail failed', { cause: error });
  }
}
