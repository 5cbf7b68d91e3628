import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ForgotPasswordRequest,
  LoginRequest,
  ProfileResponse,
  ResetPasswordParams,
  ResetPasswordRequest,
} from '@clearport/contract/auth';
import type { EntryApprovalMode } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse, MessageResponse } from '@clearport/contract/http';
import { TEXTS } from '@clearport/contract/texts';
import { LoginReply } from '@clearport/contract/two-factor';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isRefused } from '../../lib/action.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { accessRepository } from '../access/access.repository.ts';
import { challengeLogin } from '../two-factor/challenge-login.ts';
import { loginThrottle, loginThrottleKeys, resetMailKey, resetRequestKey, waitMessage } from './login-throttle.ts';
import { passwordResetsRepository } from './password-resets.repository.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { resetPassword } from './reset-password.ts';
import { startSession } from './start-session.ts';
import { usersRepository } from './users.repository.ts';

/** Unknown user names are checked against this hash too, so timing does not tell them apart. */
let unknownUserHash: Promise<string> | undefined;
const hashForUnknownUser = () => (unknownUserHash ??= hashPassword('unknown-user-placeholder'));

export type AuthRoutesOptions = { publicUrl: string };

/** Calls that need no session. */
export const publicAuthRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function sendResetLink(user: { id: number; name: string; email: string }) {
    const token = await passwordResetsRepository.create(app.db, user.id);
    const link = `${options.publicUrl}/reset-password/${encodeURIComponent(token)}`;
    await app.mailer.send({
      to: user.email,
      subject: 'Reset your Clearport password',
      text: `Hello ${user.name},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, you can ignore this message.\n`,
    });
  }

  api.post(
    API_PATHS.login,
    { schema: { body: LoginRequest, response: { 200: LoginReply, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const keys = loginThrottleKeys(request.body.userName, request.ip);
      const attempt = await loginThrottle.start(app.db, keys);
      if (attempt.waitSeconds > 0) {
        reply.header('retry-after', String(attempt.waitSeconds));
        return sendRefusal(reply, { status: 429, message: waitMessage(attempt.waitSeconds) });
      }

      const user = await usersRepository.findByEmail(app.db, request.body.userName);
      const isValid = await verifyPassword(request.body.password, user?.password_hash ?? (await hashForUnknownUser()));
      if (!user || !isValid || !user.active) {
        request.log.info('login failed');
        return sendRefusal(reply, { status: 401, message: TEXTS.loginFailed });
      }

      // A second step keeps this attempt counted until it passes (two-factor.routes.ts), so
      // guessing codes after a right password waits as guessing passwords does.
      const challenge = await challengeLogin(request.deps, user);
      if (challenge) return challenge;
      await loginThrottle.succeeded(app.db, attempt);
      return startSession(app.db, request, reply, user);
    },
  );

  api.post(
    API_PATHS.forgotPassword,
    { schema: { body: ForgotPasswordRequest, response: { 200: MessageResponse, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const waitSeconds = await loginThrottle.reserve(app.db, [resetRequestKey(request.ip)]);
      if (waitSeconds > 0) {
        reply.header('retry-after', String(waitSeconds));
        return sendRefusal(reply, { status: 429, message: waitMessage(waitSeconds) });
      }
      // The answer, and the work before it, are the same whether or not the address belongs to a
      // user: the link is made and mailed after the reply, so its timing tells nothing either.
      const isMailDue = (await loginThrottle.reserve(app.db, [resetMailKey(request.body.email)])) === 0;
      const user = await usersRepository.findByEmail(app.db, request.body.email);
      if (user?.active && isMailDue) {
        setImmediate(() => {
          sendResetLink(user).catch((error: unknown) =>
            request.log.error({ err: error }, 'password reset mail failed'),
          );
        });
      }
      return { message: TEXTS.forgotPasswordSuccess };
    },
  );

  api.post(
    API_PATHS.resetPassword,
    {
      schema: {
        params: ResetPasswordParams,
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await resetPassword(request.deps, { token: request.params.token, ...request.body });
      if (isRefused(result)) return sendRefusal(reply, result.refusal);
      return { message: TEXTS.resetSuccess };
    },
  );
};

/** Calls of a logged-in user. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    API_PATHS.logout,
    { schema: { response: { 200: MessageResponse, '4xx': ErrorResponse } } },
    async (request) => {
      await sessionsRepository.delete(app.db, request.sessionToken);
      return { message: 'Logged out' };
    },
  );

  api.get(API_PATHS.profile, { schema: { response: { 200: ProfileResponse } } }, async (request) => {
    const profile = await usersRepository.findProfile(app.db, request.user.id);
    const accounts = await accessRepository.listAccounts(app.db, request.user);
    return {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      role: profile.role,
      company: {
        id: profile.company_id,
        name: profile.company_name,
        primary_contact: profile.primary_contact,
        entry_approval: profile.entry_approval as EntryApprovalMode,
      },
      accounts: accounts.map(({ account_no, document_tracking }) => ({ account_no, document_tracking })),
    };
  });
};
