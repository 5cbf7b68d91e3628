import { BROKER_ADMIN_ERRORS } from '@clearport/contract/broker-admin';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { secondStepOf } from '../two-factor/challenge-login.ts';
import type { Broker } from '../access/session-user.ts';
import { signInLinksRepository } from './sign-in-links.repository.ts';
import { usersRepository } from './users.repository.ts';

/** The query parameters of a broker's link to Home (spec section 2, Home). */
export const HOME_LINK_QUERY = { token: 'token_user', name: 'name_user', primaryContact: 'primary' } as const;

export type SignInLink = { token: string; url: string; expiresAt: Date };

/**
 * The brokerage makes a sign-in link to Home for an active user without a second factor
 * (docs/decisions/0033): through the
 * admin API while the portal runs, or `npm run broker -- sign-in-link EMAIL`. Its token is
 * single-use and expires after SIGN_IN_LINK_TTL_SECONDS; the web exchanges it for a session on
 * the server (POST user/session/exchange) and takes it out of the address.
 */
export async function createSignInLink(
  deps: Pick<ActionDeps, 'db' | 'publicUrl'>,
  _actor: Broker,
  input: { email: string },
): Promise<SignInLink | Refused> {
  const user = await usersRepository.findByEmail(deps.db, input.email);
  if (!user?.active) return refused({ status: 404, message: BROKER_ADMIN_ERRORS.signInUserNotFound, field: 'email' });
  // The exchange would refuse it (exchangeSignInLink): a link is one factor.
  if (await secondStepOf(deps, user)) {
    return refused({ status: 409, message: BROKER_ADMIN_ERRORS.signInSecondFactor, field: 'email' });
  }
  const { token, expiresAt } = await signInLinksRepository.create(deps.db, user.id);
  const query = new URLSearchParams({
    [HOME_LINK_QUERY.token]: token,
    [HOME_LINK_QUERY.name]: user.name,
    [HOME_LINK_QUERY.primaryContact]: user.primary_contact,
  });
  return { token, url: `${deps.publicUrl}/?${query.toString()}`, expiresAt };
}
