import { recordSecurityEvent, type RequestOrigin } from '../access/security-events.ts';
import type { ActionDeps } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { sessionsRepository } from './sessions.repository.ts';

/** The user ends every sign-in but the one they are using (Settings, "Sign out everywhere else"). */
export async function endOtherSessions(
  deps: Pick<ActionDeps, 'db' | 'log'>,
  actor: SessionUser,
  input: { currentSessionId: number; origin: RequestOrigin },
): Promise<{ ended: number }> {
  const ended = await sessionsRepository.deleteOthers(deps.db, actor.id, input.currentSessionId);
  await recordSecurityEvent(deps, {
    kind: 'sessions_ended',
    outcome: 'success',
    companyId: actor.companyId,
    userId: actor.id,
    email: actor.email,
    origin: input.origin,
    detail: { scope: 'others', ended },
  });
  return { ended };
}
