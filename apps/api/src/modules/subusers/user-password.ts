import { SET_PASSWORD_LINK_TTL_SECONDS } from '@clearport/contract/constants';
import type { Db } from '../../db/connect.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { passwordResetsRepository } from '../auth/password-resets.repository.ts';
import { sessionsRepository } from '../auth/sessions.repository.ts';
import { usersRepository } from '../auth/users.repository.ts';

/**
 * Stores a new password hash (lib/passwords.ts, as login stores it) and ends every session of
 * the user, so a changed password locks out whoever held the old one. Hash outside the
 * transaction: scrypt takes half a second.
 */
export async function setUserPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await usersRepository.updatePasswordHash(db, userId, passwordHash);
  await endUserSessions(db, userId);
}

/** Ends every session of the user: their next call answers 401. */
export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await sessionsRepository.deleteAllOf(db, userId);
}

/** Thrown when the set-password e-mail cannot be sent; the transaction around it rolls back. */
export class SetPasswordMailError extends Error {}

/**
 * E-mails the user a single-use link to the reset-password page, valid for seven days. Call it
 * inside the transaction that makes the change, so a mail that cannot be sent saves nothing.
 */
export async function sendSetPasswordLink(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  user: { id: number; name: string; email: string },
): Promise<void> {
  const token = await passwordResetsRepository.create(db, user.id, SET_PASSWORD_LINK_TTL_SECONDS);
  const link = `${publicUrl}/reset-password/${encodeURIComponent(token)}`;
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
