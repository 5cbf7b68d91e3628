import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse } from '@clearport/contract/http';
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
  type Subuser,
} from '@clearport/contract/subusers';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { hashPassword } from '../../lib/passwords.ts';
import { listedRefusal, sendRefusal, type Refusal } from '../../lib/refusal.ts';
import { newToken } from '../../lib/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import { subusersRepository } from './subusers.repository.ts';
import {
  changesOf,
  deleteRefusal,
  editRefusal,
  nextLinkedAccounts,
  outsideAccountsRefusal,
  pageOfUsers,
  unlinkableAccounts,
} from './subusers.rules.ts';
import { endSessions, storePasswordHash } from '../access/passwords.ts';
import { SetPasswordMailError, sendSetPasswordLink } from './set-password-link.ts';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

const NOT_ALLOWED: Refusal = { status: 403, message: SUBUSER_ERRORS.notAllowed };
const USER_NOT_FOUND: Refusal = { status: 404, message: SUBUSER_ERRORS.userNotFound };
const EMAIL_TAKEN = listedRefusal(409, SUBUSER_ERRORS.emailTaken, 'email');
const OTHER_COMPANY = listedRefusal(400, SUBUSER_ERRORS.otherCompany, 'company_id');
const MAIL_FAILED: Refusal = { status: 502, message: SUBUSER_ERRORS.mailFailed };

export type SubusersRoutesOptions = { publicUrl: string };

/** Roles 3 and 4 manage the company's users; every other role is refused before anything is read. */
async function refuseOtherRoles(request: FastifyRequest, reply: FastifyReply) {
  if (!canManageUsers(request.user.role)) return sendRefusal(reply, NOT_ALLOWED);
}

/** The account numbers the caller sees, so may link, and whose users they may manage. */
async function linkableAccountsOf(db: Db, caller: SessionUser): Promise<string[]> {
  return (await accessRepository.listAccounts(db, caller)).map((account) => account.account_no);
}

function accountsRefusal(accounts: readonly string[]): Refusal {
  const message = fillText(SUBUSER_ERRORS.unknownAccounts, { accounts: accounts.join(', ') });
  return listedRefusal(400, message, 'linkedAccounts');
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * The users screen (spec section 7): the company's users, one user, adding, editing and deleting
 * sub-users, and the accounts they may be linked to. Access follows every change at once: the
 * session and the access check read the user's role, state and links on every call.
 */
export const subusersRoutes: FastifyPluginAsync<SubusersRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', refuseOtherRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const refuseAccounts = (reply: FastifyReply, accounts: string[]) => sendRefusal(reply, accountsRefusal(accounts));
  const refuseEmail = (reply: FastifyReply) => sendRefusal(reply, EMAIL_TAKEN);
  const refuseMail = (reply: FastifyReply) => sendRefusal(reply, MAIL_FAILED);

  api.get(
    API_PATHS.subusers,
    { schema: { querystring: SubusersQuery, response: { 200: SubusersResponse, ...errors } } },
    async (request) => {
      const users = await subusersRepository.listOfCompany(app.db, request.user.companyId);
      const page = pageOfUsers(users, request.query);
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
      const { body, user: caller } = request;
      if (body.company_id !== caller.companyId) {
        return sendRefusal(reply, OTHER_COMPANY);
      }
      const unlinkable = unlinkableAccounts(body.linkedAccounts, await linkableAccountsOf(app.db, caller));
      if (unlinkable.length > 0) return refuseAccounts(reply, unlinkable);
      if (await subusersRepository.isEmailTaken(app.db, body.email)) return refuseEmail(reply);

      // Without a typed password the user has one nobody knows until they follow the e-mail's link.
      const passwordHash = await hashPassword(body.password ?? newToken());
      let userId: number;
      try {
        userId = await app.db.transaction().execute(async (trx) => {
          const id = await subusersRepository.create(trx, caller.companyId, { ...body, passwordHash });
          await subusersRepository.replaceLinks(trx, caller.companyId, id, body.linkedAccounts);
          await subusersRepository.recordChange(trx, {
            companyId: caller.companyId,
            userId: id,
            userEmail: body.email,
            changedBy: caller.id,
            action: 'create',
            detail: {
              name: body.name,
              email: body.email,
              role: body.role,
              accounts: [...new Set(body.linkedAccounts)].sort(),
              password: body.password === undefined ? 'link' : 'typed',
            },
          });
          if (body.send_password_link) {
            await sendSetPasswordLink(trx, app.mailer, options.publicUrl, { id, ...body });
            await subusersRepository.recordChange(trx, {
              companyId: caller.companyId,
              userId: id,
              userEmail: body.email,
              changedBy: caller.id,
              action: 'password-link',
              detail: {},
            });
          }
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return refuseEmail(reply);
        if (error instanceof SetPasswordMailError) {
          request.log.error({ err: error.cause }, 'set-password mail failed');
          return refuseMail(reply);
        }
        throw error;
      }
      const subuser = await subusersRepository.findOfCompany(app.db, caller.companyId, userId);
      if (!subuser) return sendRefusal(reply, USER_NOT_FOUND);
      return reply.code(201).send({ message: TEXTS.subuserCreated, subuser });
    },
  );

  api.patch(
    API_PATHS.subuser,
    {
      schema: {
        params: SubuserParams,
        body: SubuserUpdateRequest,
        response: { 200: SubuserSaveResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { body, user: caller } = request;
      const refusalToEdit = (user: Subuser, callerAccounts: string[]) =>
        editRefusal(caller.id, user, body) ?? outsideAccountsRefusal(user, callerAccounts);
      const found = await subusersRepository.findOfCompany(app.db, caller.companyId, request.params.id);
      if (!found) return sendRefusal(reply, USER_NOT_FOUND);
      // Refused before the password is hashed; checked again below on the user as locked.
      const early = refusalToEdit(found, await linkableAccountsOf(app.db, caller));
      if (early) return sendRefusal(reply, early);
      const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);

      let refusal: Refusal | undefined;
      try {
        refusal = await app.db.transaction().execute(async (trx): Promise<Refusal | undefined> => {
          const target = await subusersRepository.lockOfCompany(trx, caller.companyId, found.id);
          if (!target) return USER_NOT_FOUND;
          const linkable = await linkableAccountsOf(trx, caller);
          const refused = refusalToEdit(target, linkable);
          if (refused) return refused;

          let linkedAccounts = target.linked_accounts;
          if (body.linkedAccounts !== undefined) {
            const unlinkable = unlinkableAccounts(body.linkedAccounts, linkable);
            if (unlinkable.length > 0) return accountsRefusal(unlinkable);
            linkedAccounts = nextLinkedAccounts(target.linked_accounts, body.linkedAccounts, linkable);
          }
          const email = body.email ?? target.email;
          if (email.toLowerCase() !== target.email.toLowerCase()) {
            if (await subusersRepository.isEmailTaken(trx, email, target.id)) return EMAIL_TAKEN;
          }

          const before = { ...target, active: target.active === 1 };
          const after = {
            name: body.name ?? target.name,
            email,
            role: body.role ?? target.role,
            active: body.active === undefined ? before.active : body.active === 1,
            linked_accounts: linkedAccounts,
          };
          const detail = changesOf(before, after, passwordHash !== undefined);
          const { name, role, active } = after;
          // A patch that changes nothing writes nothing.
          if (Object.keys(detail).length > 0)
            await subusersRepository.update(trx, target.id, { name, email, role, active });
          if (body.linkedAccounts !== undefined) {
            await subusersRepository.replaceLinks(trx, caller.companyId, target.id, linkedAccounts);
          }
          if (passwordHash !== undefined) await storePasswordHash(trx, target.id, passwordHash);
          if (!after.active) await endSessions(trx, target.id);
          const change = { companyId: caller.companyId, userId: target.id, userEmail: email, changedBy: caller.id };
          if (Object.keys(detail).length > 0) {
            await subusersRepository.recordChange(trx, { ...change, action: 'update', detail });
          }
          if (body.send_password_link) {
            await sendSetPasswordLink(trx, app.mailer, options.publicUrl, { id: target.id, name: after.name, email });
            await subusersRepository.recordChange(trx, { ...change, action: 'password-link', detail: {} });
          }
          return undefined;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return refuseEmail(reply);
        if (error instanceof SetPasswordMailError) {
          request.log.error({ err: error.cause }, 'set-password mail failed');
          return refuseMail(reply);
        }
        throw error;
      }
      if (refusal) return sendRefusal(reply, refusal);
      const subuser = await subusersRepository.findOfCompany(app.db, caller.companyId, found.id);
      if (!subuser) return sendRefusal(reply, USER_NOT_FOUND);
      return { message: TEXTS.subuserUpdated, subuser };
    },
  );

  api.delete(
    API_PATHS.subuser,
    { schema: { params: SubuserParams, response: { 200: SubuserDeleteResponse, ...errors } } },
    async (request, reply) => {
      const caller = request.user;
      const refusal = await app.db.transaction().execute(async (trx): Promise<Refusal | undefined> => {
        const target = await subusersRepository.lockOfCompany(trx, caller.companyId, request.params.id);
        if (!target) return USER_NOT_FOUND;
        const refused =
          deleteRefusal(caller.id, target) ?? outsideAccountsRefusal(target, await linkableAccountsOf(trx, caller));
        if (refused) return refused;
        await subusersRepository.delete(trx, target.id);
        await subusersRepository.recordChange(trx, {
          companyId: caller.companyId,
          userId: target.id,
          userEmail: target.email,
          changedBy: caller.id,
          action: 'delete',
          detail: { name: target.name, role: target.role, accounts: target.linked_accounts },
        });
        return undefined;
      });
      if (refusal) return sendRefusal(reply, refusal);
      return { message: SUBUSER_DELETED };
    },
  );
};
