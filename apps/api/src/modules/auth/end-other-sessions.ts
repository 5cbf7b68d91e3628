import type { ActionDeps } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { sessionsRepository } from './sessions.repository.ts';

/** The user ends every sign-in but the one they are using (Settings, "Sign out everywhere else"). */
export async function endOtherSessions(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { currentSessionId: number },
): Promise<{ ended: number }> {
  return { ended: await sessionsRepository.deleteOthers(deps.db, actor.id, input.currentSessionId) };
}
