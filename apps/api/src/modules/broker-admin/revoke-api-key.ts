import type { ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { apiKeysRepository } from '../access/api-keys.repository.ts';

/** The brokerage revokes a key: every call with it answers 401 from its next request on. */
export function revokeApiKey(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { id: number; at?: Date },
): Promise<'revoked' | 'alreadyRevoked' | 'notFound'> {
  return apiKeysRepository.revoke(deps.db, input.id, input.at);
}
