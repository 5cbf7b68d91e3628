import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  ProfileResponse,
  ResetPasswordParams,
  ResetPasswordRequest,
} from '@clearport/contract/auth';
import type { EntryApprovalMode } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse, MessageResponse } from '@clearport/contract/http';
import {
  EndSessionsResponse,
  ExchangeSignInLinkRequest,
  SessionParams,
  SessionResponse,
  SessionsResponse,
  deviceOf,
} from '@clearport/contract/sessions';
import { TEXTS } from '@clearport/contract/texts';
import { LoginReply } from '@clearport/contract/two-factor';
import { hashCostOf, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isRefused, replyWith } from '../../lib/action.ts';
import { listedRefusal, sendRefusal } from '../../lib/refusal.ts';
import { clearSessionCookie } from '../../lib/session-cookie.ts';
import { mailParts } from '../../lib/mail-html.ts';
import { describedWithoutCredential } from '../../lib/api-description.ts';
import { accessRepository } from '../access/access.repository.ts';
import { originOf, recordSecurityEvent } from '../access/security-events.ts';
import { challengeLogin } from '../two-factor/challenge-login.ts';
import { endOtherSessions } from './end-other-sessions.ts';
import { endSession } from './end-session.ts';
import { exchangeSignInLink } from './exchange-sign-in-link.ts';
import {
  linkExchangeKey,
  loginThrottle,
  loginThrottleKeys,
  resetMailKey,
  resetRequestKey,
  THROTTLE,
  waitMessage,
} from './login-throttle.ts';
import { passwordResetsRepository } from './password-resets.repository.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { resetPassword } from './reset-password.ts';
import { handOverSession, startSession } from './start-session.ts';
import { usersRepository } from './users.repository.ts';

/**
 * Unknown user names are checked against a hash too, so timing does not tell them apart: one of the
 * cost new hashes get (PASSWORD_HASH_COST), made once per cost.
 */
const unknownUserHashes = new Map<number, Promise<string>>();
function hashForUnknownUser(): Promise<string> {
  const cost = hashCostOf();
  let hash = unknownUserHashes.get(cost);
  if (!hash) {
    hash = hashPassword('unknown-user-placeholder');
    unknownUserHashes.set(cost, hash);
    // A hash refused while hashing was busy is made again by the next unknown name.
    hash.catch(() => unknownUserHashes.delete(cost));
  }
  return hash;
}

export type AuthRoutesOptions = { publicUrl: string };

/** Calls that need no session. */
export const publicAuthRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A login, a link's exchange or a reset that another site asks for is refused (login CSRF).
  app.addHook('onRequest', app.refuseCrossSite);
  describedWithoutCredential(app);

  async function sendResetLink(user: { id: number; name: string; email: string }) {
    const token = await passwordResetsRepository.create(app.db, user.id);
    const link = `${options.publicUrl}/reset-password/${encodeURIComponent(token)}`;
    await app.mailer.send({
      to: user.email,
      subject: 'Reset your Clearport password',
      ...mailParts([
        [`Hello ${user.name},`],
        ['To choose a new password, open this link within one hour:', { link }],
        ['If you did not ask for this, you can ignore this message.'],
      ]),
    });
  }

  api.post(
    API_PATHS.login,
    { schema: { body: LoginRequest, response: { 200: LoginReply, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const keys = loginThrottleKeys(request.body.userName, request.ip);
      const attempt = await loginThrottle.start(app.db, keys);
      const signIn = { kind: 'sign_in', origin: originOf(request) } as const;
      if (attempt.waitSeconds > 0) {
        await recordSecurityEvent(request.deps, {
          ...signIn,
          outcome: 'throttled',
          companyId: null,
          userId: null,
          email: request.body.userName,
          detail: { wait_seconds: attempt.waitSeconds },
        });
        reply.header('retry-after', String(attempt.waitSeconds));
        return sendRefusal(reply, listedRefusal(429, waitMessage(attempt.waitSeconds)));
      }

      const user = await usersRepository.findByEmail(app.db, request.body.userName);
      const isValid = await verifyPassword(request.body.password, user?.password_hash ?? (await hashForUnknownUser()));
      const refuse = async (reason: string) => {
        request.log.info('login failed');
        await recordSecurityEvent(request.deps, {
          ...signIn,
          outcome: 'failure',
          companyId: user?.company_id ?? null,
          userId: user?.id ?? null,
          email: user?.email ?? request.body.userName,
          detail: { reason },
        });
        return sendRefusal(reply, { status: 401, message: TEXTS.loginFailed });
      };
      if (!user || !isValid || !user.active) {
        return refuse(!user ? 'unknown_user' : !isValid ? 'wrong_password' : 'inactive_user');
      }

      // A second step keeps this attempt counted until it passes (two-factor.routes.ts), so
      // guessing codes after a right password waits as guessing passwords does. The password
      // changed since it was checked: the old one opens nothing (startSession).
      const challenge = await challengeLogin(request.deps, user);
      if (challenge === 'passwordChanged') return refuse('password_changed');
      if (challenge) return challenge;
      const session = await startSession(app.db, request, user);
      if (!session) return refuse('password_changed');
      await loginThrottle.succeeded(app.db, attempt);
      await recordSecurityEvent(request.deps, {
        ...signIn,
        outcome: 'success',
        companyId: user.company_id,
        userId: user.id,
        email: user.email,
      });
      return handOverSession(request, reply, session);
    },
  );

  api.post(
    API_PATHS.exchangeSignInLink,
    { schema: { body: ExchangeSignInLinkRequest, response: { 200: LoginResponse, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const key = linkExchangeKey(request.ip);
      const waitSeconds = await loginThrottle.reserve(app.db, [key]);
      if (waitSeconds > 0) {
        await recordSecurityEvent(request.deps, {
          kind: 'link_sign_in',
          outcome: 'throttled',
          companyId: null,
          userId: null,
          email: null,
          origin: originOf(request),
          detail: { wait_seconds: waitSeconds },
        });
        reply.header('retry-after', String(waitSeconds));
        return sendRefusal(reply, listedRefusal(429, waitMessage(waitSeconds)));
      }
      const result = await exchangeSignInLink(request.deps, request, reply, request.body);
      if (isRefused(result)) {
        request.log.info('sign-in link refused');
        return sendRefusal(reply, result.refusal);
      }
      await loginThrottle.giveBack(app.db, key);
      return result;
    },
  );

  api.post(
    API_PATHS.forgotPassword,
    { schema: { body: ForgotPasswordRequest, response: { 200: MessageResponse, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const waitSeconds = await loginThrottle.reserve(app.db, [resetRequestKey(request.ip)]);
      if (waitSeconds > 0) {
        reply.header('retry-after', String(waitSeconds));
        return sendRefusal(reply, listedRefusal(429, waitMessage(waitSeconds)));
      }
      // The answer, and the work before it, are the same whether or not the address belongs to a
      // user: the link is made and mailed after the reply, so its timing tells nothing either.
      const mailKey = resetMailKey(request.body.email);
      const isMailDue = (await loginThrottle.count(app.db, mailKey, THROTTLE.resetMailWindowSeconds)) <= mailKey.free;
      const user = await usersRepository.findByEmail(app.db, request.body.email);
      if (user?.active && isMailDue) {
        setImmediate(() => {
          sendResetLink(user).catch(async (error: unknown) => {
            request.log.error({ err: error }, 'password reset mail failed');
            // A mail that did not go is not one of the address's mails of the day.
            await loginThrottle.giveBack(app.db, mailKey).catch(() => undefined);
          });
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
      const result = await resetPassword(request.deps, {
        token: request.params.token,
        ...request.body,
        origin: originOf(request),
      });
      if (isRefused(result)) return sendRefusal(reply, result.refusal);
      return { message: TEXTS.resetSuccess };
    },
  );
};

type UserAuthRoutesOptions = {
  /** The brokerage's contact address, which the profile gives the web client for the texts that name it. */
  brokerEmail: string;
};

/** Calls of a logged-in user. */
export const authRoutes: FastifyPluginAsync<UserAuthRoutesOptions> = async (app, { brokerEmail }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const { idleMinutes, publicUrl } = app.sessionSettings;

  api.post(
    API_PATHS.logout,
    { schema: { response: { 200: MessageResponse, '4xx': ErrorResponse } } },
    async (request, reply) => {
      await sessionsRepository.delete(app.db, request.sessionToken);
      const { user } = request;
      await recordSecurityEvent(request.deps, {
        kind: 'sign_out',
        outcome: 'success',
        companyId: user.companyId,
        userId: user.id,
        email: user.email,
        origin: originOf(request),
      });
      clearSessionCookie(request, reply, publicUrl);
      return { message: 'Logged out' };
    },
  );

  // A cheap call: the web's "Stay signed in" makes it to keep the session in use.
  api.get(API_PATHS.session, { schema: { response: { 200: SessionResponse } } }, async (request) => ({
    idle_minutes: idleMinutes,
    expires_at: request.sessionExpiresAt.toISOString(),
  }));

  api.get(API_PATHS.sessions, { schema: { response: { 200: SessionsResponse } } }, async (request) => {
    const rows = await sessionsRepository.listLive(app.db, request.user.id, idleMinutes);
    const sessions = rows.map((row) => ({
      id: row.id,
      device: deviceOf(row.user_agent),
      user_agent: row.user_agent,
      ip_address: row.ip_address,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at.toISOString(),
      is_current: row.id === request.sessionId,
    }));
    // This device first, then the others as they were last used.
    return {
      sessions: [...sessions.filter((each) => each.is_current), ...sessions.filter((each) => !each.is_current)],
    };
  });

  api.delete(
    API_PATHS.endSession,
    { schema: { params: SessionParams, response: { 200: EndSessionsResponse, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const result = await endSession(request.deps, request.user, {
        sessionId: request.params.id,
        currentSessionId: request.sessionId,
        origin: originOf(request),
      });
      return replyWith(reply, result, (ended) => ended);
    },
  );

  api.post(
    API_PATHS.endOtherSessions,
    { schema: { response: { 200: EndSessionsResponse, '4xx': ErrorResponse } } },
    async (request) =>
      endOtherSessions(request.deps, request.user, {
        currentSessionId: request.sessionId,
        origin: originOf(request),
      }),
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
        time_zone: request.user.timeZone,
      },
      accounts: accounts.map(({ account_no, document_tracking }) => ({ account_no, document_tracking })),
      session_idle_minutes: idleMinutes,
      broker_email: brokerEmail,
    };
  });
};
