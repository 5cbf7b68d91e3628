import { setPasswordLinkQuery } from '@clearport/contract/auth';
import { SET_PASSWORD_LINK_TTL_SECONDS } from '@clearport/contract/constants';
import type { Db } from '../../db/connect.ts';
import type { Mailer } from '../../lib/mail.ts';
import { passwordResetsRepository } from './password-resets.repository.ts';

/** Thrown when the set-password e-mail cannot be sent; the transaction around it rolls back. */
export class SetPasswordMailError extends Error {}

/**
 * E-mails the user a single-use link to the reset-password page, valid for seven days, which opens
 * it as Set your password, greeting the user by name with their e-mail filled in. Call it
 * inside the transaction that makes the change, so a mail that cannot be sent saves nothing.
 */
export async function sendSetPasswordLink(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  user: { id: number; name: string; email: string },
): Promise<void> {
  const token = await passwordResetsRepository.create(db, user.id, SET_PASSWORD_LINK_TTL_SECONDS);
  const query = setPasswordLinkQuery({ name: user.name, email: user.email });
  const link = `${publicUrl}/reset-password/${encodeURIComponent(token)}?${query}`;
  try {
    await mailer.send({
      to: user.email,
      subject: 'Set your Clearport password',
      text: `Hello ${user.name},\n\nAn account on the Clearport client portal has been set up for you, with the user name ${user.email}.\n\nTo choose your password, open this link within seven days:\n${link}\n\nThe link works once.\n`,
    });
  } catch (error) {
    throw new SetPasswordMailError('set-password mail failed', { cause: error });
  }
}
