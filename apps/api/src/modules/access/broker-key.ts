import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@clearport/contract/broker-admin';
import type { Db } from '../../db/connect.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { apiKeysRepository } from './api-keys.repository.ts';

declare module 'fastify' {
  // A route's config is typed by augmenting Fastify's interface, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** What a broker call needs its key to name; a broker route without one needs `admin`. */
    brokerScope?: ApiKeyScope;
  }
}

export const NOT_A_BROKER_KEY = 'This call needs a live API key of the brokerage.';
export const outOfScope = (scope: ApiKeyScope) => `This API key may not make this call: it needs the scope "${scope}".`;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1];
}

/**
 * The broker API's one check, an onRequest hook of every broker plugin: a live key (401: none,
 * unknown, revoked or expired) whose scopes name the route's `brokerScope` (403).
 */
export function brokerKeyGuard(db: () => Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearer(request);
    const live = key ? await apiKeysRepository.findLive(db(), key) : undefined;
    if (!live) return sendRefusal(reply, { status: 401, message: NOT_A_BROKER_KEY });
    const scope = request.routeOptions.config.brokerScope ?? 'admin';
    if (!live.scopes.includes(scope)) return sendRefusal(reply, { status: 403, message: outOfScope(scope) });
  };
}
