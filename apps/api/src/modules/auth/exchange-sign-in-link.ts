import { secondStepOf } from '../two-factor/challenge-login.ts';
import { originOf, recordSecurityEvent } from '../access/security-events.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '@clearport/contract/auth';
import { SIGN_IN_LINK_INVALID } from '@clearport/contract/sessions';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { signInLinksRepository } from './sign-in-links.repository.ts';
import { handOverSession, startSession } from './start-session.ts';
import { usersRepository } from './users.repository.ts';

/**
 * A broker's sign-in link used up for a session: the token is checked and spent in one statement,
 * then the session starts as any sign-in does (startSession sets the cookie). A used, expired or
 * unknown token, or a user no longer active, answers 401 and the web opens the login page.
 */
export async function exchangeSignInLink(
  deps: Pick<ActionDeps, 'db' | 'log'>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { token: string },
): Promise<LoginResponse | Refused> {
  const link = await signInLinksRepository.consume(deps.db, input.token);
  const user = link && (await usersRepository.findById(deps.db, link.userId));
  const record = (outcome: 'success' | 'failure' | 'refused', reason?: string) =>
    recordSecurityEvent(deps, {
      kind: 'link_sign_in',
      origin: originOf(request),
      outcome,
      companyId: user?.company_id ?? null,
      userId: user?.id ?? null,
      email: user?.email ?? null,
      ...(reason === undefined ? {} : { detail: { reason } }),
    });
  const refuse = async (outcome: 'failure' | 'refused', reason: string) => {
    await record(outcome, reason);
    return refused({ status: 401, message: SIGN_IN_LINK_INVALID });
  };
  if (!link || !user?.active) return refuse('failure', user ? 'inactive_user' : 'unknown_or_used_link');
  // A link is one factor: a user with a second factor, or whose company requires one, signs in
  // with the password and the code instead (the login page opens).
  if (await secondStepOf(deps, user)) return refuse('refused', 'second_factor_required');
  const session = await startSession(deps.db, request, { ...user, password_hash: link.passwordHash });
  if (!session) return refuse('failure', 'password_changed');
  await record('success');
  return handOverSession(request, reply, session);
}
