import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { canManageUsers } from '@clearport/contract/roles';
import {
  AccountsResponse,
  SUBUSER_DELETED,
  SUBUSER_ERRORS,
  SubuserCreateRequest,
  SubuserDeleteResponse,
  SubuserParams,
  SubuserResponse,
  SubuserSaveResponse,
  SubusersQuery,
  SubusersResponse,
  SubuserUpdateRequest,
} from '@clearport/contract/subusers';
import { EndSessionsResponse } from '@clearport/contract/sessions';
import { TEXTS } from '@clearport/contract/texts';
import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { ErrorResponse, MessageResponse } from '@clearport/contract/http';
import { isRefused, replyWith } from '../../lib/action.ts';
import { sendRefusal, type Refusal } from '../../lib/refusal.ts';
import { accessRepository } from '../access/access.repository.ts';
import { originOf, recordSecurityEvent } from '../access/security-events.ts';
import { createUser } from './create-user.ts';
import { deleteUser } from './delete-user.ts';
import { endUserSessions } from './end-user-sessions.ts';
import { subusersRepository } from './subusers.repository.ts';
import { USER_NOT_FOUND } from './subusers.refusals.ts';
import { resetUserTwoFactor } from './reset-user-two-factor.ts';
import { updateUser } from './update-user.ts';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

const NOT_ALLOWED: Refusal = { status: 403, message: SUBUSER_ERRORS.notAllowed };

/** Roles 3 and 4 manage the company's users; every other role is refused before anything is read. */
async function refuseOtherRoles(request: FastifyRequest, reply: FastifyReply) {
  if (!canManageUsers(request.user.role)) return sendRefusal(reply, NOT_ALLOWED);
}

/**
 * The users screen (spec section 7): the company's users, one user, adding, editing and deleting
 * sub-users, and the accounts they may be linked to. Access follows every change at once: the
 * session and the access check read the user's role, state and links on every call.
 */
export const subusersRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseOtherRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The saved user as the reply shows them: read after the change's commit. */
  const savedUser = async (reply: FastifyReply, companyId: number, userId: number, message: string) => {
    const subuser = await subusersRepository.findOfCompany(app.db, companyId, userId);
    return subuser ? { message, subuser } : sendRefusal(reply, USER_NOT_FOUND);
  };

  api.get(
    API_PATHS.subusers,
    { schema: { querystring: SubusersQuery, response: { 200: SubusersResponse, ...errors } } },
    async (request) => {
      const page = await app.dbRead(request, (db) =>
        subusersRepository.listOfCompany(db, request.user.companyId, request.query),
      );
      return { company: { subusers: page.users }, pagination: page.pagination };
    },
  );

  api.get(API_PATHS.accounts, { schema: { response: { 200: AccountsResponse, ...errors } } }, async (request) => {
    const accounts = await accessRepository.listAccounts(app.db, request.user);
    return { accounts: accounts.map(({ account_no, name }) => ({ account_no, name })) };
  });

  api.get(
    API_PATHS.subuser,
    { schema: { params: SubuserParams, response: { 200: SubuserResponse, ...errors } } },
    async (request, reply) => {
      const subuser = await subusersRepository.findOfCompany(app.db, request.user.companyId, request.params.id);
      if (!subuser) return sendRefusal(reply, USER_NOT_FOUND);
      return { subuser };
    },
  );

  api.post(
    API_PATHS.subusers,
    { schema: { body: SubuserCreateRequest, response: { 201: SubuserSaveResponse, ...errors } } },
    async (request, reply) => {
      const { body, user } = request;
      const created = await createUser(request.deps, user, {
        ...body,
        companyId: body.company_id,
        sendPasswordLink: body.send_password_link ?? false,
      });
      if (isRefused(created)) return sendRefusal(reply, created.refusal);
      const saved = await savedUser(reply, user.companyId, created.id, TEXTS.subuserCreated);
      return 'subuser' in saved ? reply.code(201).send(saved) : saved;
    },
  );

  api.patch(
    API_PATHS.subuser,
    {
      schema: { params: SubuserParams, body: SubuserUpdateRequest, response: { 200: SubuserSaveResponse, ...errors } },
    },
    async (request, reply) => {
      const { companyId } = request.user;
      const input = { companyId, userId: request.params.id, changes: request.body, origin: originOf(request) };
      const updated = await updateUser(request.deps, request.user, input);
      if (isRefused(updated)) return sendRefusal(reply, updated.refusal);
      return savedUser(reply, companyId, request.params.id, TEXTS.subuserUpdated);
    },
  );

  api.delete(
    API_PATHS.subuser,
    { schema: { params: SubuserParams, response: { 200: SubuserDeleteResponse, ...errors } } },
    async (request, reply) => {
      const deleted = await deleteUser(request.deps, request.user, { userId: request.params.id });
      return replyWith(reply, deleted, () => ({ message: SUBUSER_DELETED }));
    },
  );

  api.post(
    API_PATHS.endSubuserSessions,
    { schema: { params: SubuserParams, response: { 200: EndSessionsResponse, ...errors } } },
    async (request, reply) => {
      const ended = await endUserSessions(request.deps, request.user, {
        userId: request.params.id,
        origin: originOf(request),
      });
      return replyWith(reply, ended, (result) => result);
    },
  );

  api.post(
    API_PATHS.resetUserTwoFactor,
    { schema: { params: SubuserParams, response: { 200: MessageResponse, ...errors } } },
    async (request, reply) => {
      const reset = await resetUserTwoFactor(request.deps, request.user, { userId: request.params.id });
      if (!isRefused(reset)) {
        await recordSecurityEvent(request.deps, {
          kind: 'second_factor_changed',
          outcome: 'success',
          companyId: request.user.companyId,
          userId: request.params.id,
          email: null,
          origin: originOf(request),
          detail: { change: 'reset_by_admin', by_user_id: request.user.id },
        });
      }
      return replyWith(reply, reset, () => ({ message: TWO_FACTOR_TEXTS.resetForUserDone }));
    },
  );
};
