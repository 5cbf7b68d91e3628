import fp from 'fastify-plugin';
import type { ActionDeps } from '../lib/action.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request's actions use: the app's database, storage and mail, and the request's log. */
    deps: ActionDeps;
  }
}

/** Gives each request its actions' dependencies (lib/action.ts), logging as the request. */
export default fp<{ publicUrl: string; brokerEmail: string }>(
  async (app, { publicUrl, brokerEmail }) => {
    app.decorateRequest('deps', {
      getter(): ActionDeps {
        return { db: app.db, storage: app.storage, mailer: app.mailer, log: this.log, publicUrl, brokerEmail };
      },
    });
  },
  { name: 'actions', dependencies: ['db', 'storage', 'mail'] },
);
