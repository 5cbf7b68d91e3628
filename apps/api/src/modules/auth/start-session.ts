import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '@clearport/contract/auth';
import type { Db } from '../../db/connect.ts';
import { sessionsRepository } from './sessions.repository.ts';

/** A user whose sign-in has passed every check it needs. */
export type SignedInUser = { id: number; name: string; role: number; primary_contact: string };

/**
 * Starts the session of a user who has signed in, and gives back the login reply. Every way in
 * (the login form and anything after it) ends here, so a session is always started one way.
 */
export async function startSession(
  db: Db,
  _request: FastifyRequest,
  _reply: FastifyReply,
  user: SignedInUser,
): Promise<LoginResponse> {
  const token = await sessionsRepository.create(db, user.id);
  return {
    token,
    name: user.name,
    role: user.role,
    primary: user.primary_contact,
    company_primary_contact: user.primary_contact,
  };
}
