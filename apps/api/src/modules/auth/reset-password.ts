import { TEXTS } from '@clearport/contract/texts';
import { inTransaction, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { listedRefusal } from '../../lib/refusal.ts';
import { commonPasswordRefusal, storePasswordHash } from '../access/passwords.ts';
import { recordSecurityEvent, type RequestOrigin } from '../access/security-events.ts';
import { passwordResetsRepository } from './password-resets.repository.ts';
import { usersRepository } from './users.repository.ts';

const RESET_INVALID = listedRefusal(400, TEXTS.resetInvalid);

/**
 * reset-password/{token}: the link's user, named by their e-mail, chooses a password. The link
 * is used up, and every other link sent to them ends with it; a link used, expired, another
 * user's or a deactivated user's is refused alike.
 */
export async function resetPassword(
  deps: Pick<ActionDeps, 'db' | 'log'>,
  input: { token: string; email: string; password: string; origin: RequestOrigin | null },
): Promise<{ reset: true } | Refused> {
  const link = await passwordResetsRepository.peek(deps.db, input.token);
  const userId = link?.userId;
  const user = userId ? await usersRepository.findByEmail(deps.db, input.email) : undefined;
  if (!userId || !user?.active || user.id !== userId) return refused(RESET_INVALID);
  const tooCommon = commonPasswordRefusal(input.password);
  if (tooCommon) return refused(tooCommon);
  // Half a second of scrypt, before the transaction.
  const passwordHash = await hashPassword(input.password);
  return inTransaction(deps.db, async (trx): Promise<{ reset: true } | Refused> => {
    if ((await passwordResetsRepository.consume(trx, input.token)) !== userId) return refused(RESET_INVALID);
    await passwordResetsRepository.deleteAllOf(trx, userId);
    await storePasswordHash(trx, userId, passwordHash);
    await recordSecurityEvent(
      { db: trx, log: deps.log },
      {
        kind: 'password_changed',
        outcome: 'success',
        companyId: user.company_id,
        userId,
        email: user.email,
        origin: input.origin,
        detail: { via: link?.isSetPasswordLink ? 'set_password_link' : 'reset' },
      },
    );
    return { reset: true };
  });
}
