import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRefusal } from '../lib/refusal.ts';
import type { SessionUser } from '../modules/access/session-user.ts';
import { sessionsRepository } from '../modules/auth/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** An onRequest hook: answers 401 unless the request carries a live session's bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser;
    sessionToken: string;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null as unknown as SessionUser);
    app.decorateRequest('sessionToken', '');
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request);
      const user = token ? await sessionsRepository.findUser(app.db, token) : undefined;
      if (!token || !user) {
        return sendRefusal(reply, { status: 401, message: 'Your session has ended. Please log in again.' });
      }
      request.user = user;
      request.sessionToken = token;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
