import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods each call's path answers, kept as the routes are registered, so that a call to a path
 * that exists with a method it does not answer (a GET where only POST is served) is told so: 405 with
 * the methods in `Allow` (RFC 9110, 15.5.6), not 404 as for a path that does not exist. Paths are
 * matched as Fastify's own router matches them (the same router, with its defaults).
 */
export function trackAllowedMethods(app: FastifyInstance, underPrefix: string): (url: string) => string[] {
  const router = FindMyWay();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(underPrefix)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (router.hasRoute(method as FindMyWay.HTTPMethod, route.url)) continue;
      router.on(method as FindMyWay.HTTPMethod, route.url, () => undefined);
    }
  });
  return (url) => METHODS.filter((method) => router.find(method, url) !== null);
}
