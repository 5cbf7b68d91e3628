import { BROKER_ADMIN_ERRORS, type ApiKeyScope } from '@clearport/contract/broker-admin';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { apiKeysRepository, type ApiKeyRow } from '../access/api-keys.repository.ts';

/**
 * The brokerage makes an API key: through the admin API (a key with the `admin` scope) while the
 * portal runs, or with `npm run broker -- api-keys create` on a database no server holds.
 */
export async function createApiKey(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { name: string; scopes: readonly ApiKeyScope[]; expiresAt: Date | null; now?: Date },
): Promise<(ApiKeyRow & { key: string }) | Refused> {
  const { now = new Date(), ...key } = input;
  if (key.expiresAt && key.expiresAt <= now) {
    return refused({ status: 400, message: `expires_at: ${BROKER_ADMIN_ERRORS.expiresInPast}`, field: 'expires_at' });
  }
  return apiKeysRepository.create(deps.db, key);
}
