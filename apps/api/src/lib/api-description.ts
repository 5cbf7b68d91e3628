import type { FastifyInstance } from 'fastify';

/**
 * The routes a plugin declares after this call need no credential (a login, a reset, a sign-in's
 * second step): the API description names none for them.
 */
export function describedWithoutCredential(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [] };
  });
}
