import { recordSecurityEvent, type RequestOrigin } from '../access/security-events.ts';
import { SESSION_ERRORS } from '@clearport/contract/sessions';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { sessionsRepository } from './sessions.repository.ts';

/**
 * The user ends one of their other sign-ins (Settings, "Your sign-ins"): its next call answers
 * 401. Their own is ended by Logout; another user's does not exist for them (404).
 */
export async function endSession(
  deps: Pick<ActionDeps, 'db' | 'log'>,
  actor: SessionUser,
  input: { sessionId: number; currentSessionId: number; origin: RequestOrigin },
): Promise<{ ended: number } | Refused> {
  if (input.sessionId === input.currentSessionId) {
    return refused({ status: 400, message: SESSION_ERRORS.ownSession });
  }
  const ended = await sessionsRepository.deleteOne(deps.db, actor.id, input.sessionId);
  if (ended === 0) return refused({ status: 404, message: SESSION_ERRORS.sessionNotFound });
  await recordSecurityEvent(deps, {
    kind: 'sessions_ended',
    outcome: 'success',
    companyId: actor.companyId,
    userId: actor.id,
    email: actor.email,
    origin: input.origin,
    detail: { scope: 'one', ended },
  });
  return { ended };
}
