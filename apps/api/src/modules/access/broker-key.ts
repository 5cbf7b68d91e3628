import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@clearport/contract/broker-admin';
import type { Db } from '../../db/connect.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { apiKeysRepository } from './api-keys.repository.ts';
import { originOf, recordSecurityEvent, type SecurityEvent } from './security-events.ts';

declare module 'fastify' {
  // A route's config is typed by augmenting Fastify's interface, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** What a broker call needs its key to name; a broker route without one needs `admin`. */
    brokerScope?: ApiKeyScope;
  }
}

export const NOT_A_BROKER_KEY = 'This call needs a live API key of the brokerage, sent as Authorization: Bearer KEY.';
export const outOfScope = (scope: ApiKeyScope) => `This API key may not make this call: it needs the scope "${scope}".`;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1];
}

/**
 * A key's accepted calls are written to the security event log once an hour (decision 0035): a
 * busy integration makes thousands of calls an hour, each as good as the first. Every refusal
 * is written.
 */
export const KEY_USE_EVENT_EVERY_MS = 3_600_000;
/**
 * The broker API's one check, an onRequest hook of every broker plugin: a live key (401: none,
 * unknown, revoked or expired) whose scopes name the route's `brokerScope` (403). Each refusal,
 * and a key's first accepted call of the hour, is a broker_key_used security event.
 */
export function brokerKeyGuard(db: () => Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const record = (event: Pick<SecurityEvent, 'outcome' | 'detail'>) =>
      recordSecurityEvent(
        { db: db(), log: request.log },
        {
          ...event,
          kind: 'broker_key_used',
          actor: 'broker_key',
          companyId: null,
          userId: null,
          email: null,
          origin: originOf(request),
        },
      );
    const route = { method: request.method, route: request.routeOptions.url ?? null };
    const key = bearer(request);
    const live = key ? await apiKeysRepository.findLive(db(), key) : undefined;
    if (!live) {
      const { reason, keyId } = key
        ? await apiKeysRepository.whyNotLive(db(), key)
        : { reason: 'missing', keyId: null };
      await record({ outcome: 'failure', detail: { ...route, reason, key_id: keyId } });
      return sendRefusal(reply, { status: 401, message: NOT_A_BROKER_KEY });
    }
    const scope = request.routeOptions.config.brokerScope ?? 'admin';
    if (!live.scopes.includes(scope)) {
      await record({ outcome: 'refused', detail: { ...route, reason: 'scope', scope, key_id: live.id } });
      return sendRefusal(reply, { status: 403, message: outOfScope(scope) });
    }
    // The key's row says when the hour's event was written, for every server process alike; it is
    // written only when the row read says the hour is over, so a busy key costs no write a call.
    const isHourOver = !live.useEventAt || Date.now() - live.useEventAt.getTime() >= KEY_USE_EVENT_EVERY_MS;
    if (isHourOver && (await apiKeysRepository.takeUseEvent(db(), live.id, KEY_USE_EVENT_EVERY_MS))) {
      await record({ outcome: 'success', detail: { ...route, key_id: live.id, key_name: live.name } });
    }
  };
}
