import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canManageUsers } from '@clearport/contract/roles';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse, MessageResponse } from '@clearport/contract/http';
import {
  CompanyTwoFactorRequest,
  ConfirmTwoFactorRequest,
  LoginEnrolmentConfirmRequest,
  LoginEnrolmentConfirmResponse,
  LoginEnrolmentRequest,
  LoginSecondFactorRequest,
  RecoveryCodesResponse,
  StartTwoFactorRequest,
  TwoFactorReauthRequest,
  TwoFactorResponse,
  TwoFactorSetupResponse,
} from '@clearport/contract/two-factor';
import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { LoginResponse } from '@clearport/contract/auth';
import { inTransaction, isRefused, refused, replyWith, type Refused } from '../../lib/action.ts';
import type { SecretKey } from '../../lib/secret-box.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { describedWithoutCredential } from '../../lib/api-description.ts';
import { holdIfPasswordUnchanged } from '../access/passwords.ts';
import { refuseChangesByReadOnlyRoles } from '../access/read-only.ts';
import { originOf, recordSecurityEvent } from '../access/security-events.ts';
import type { SessionUser } from '../access/session-user.ts';
import { handOverSession, startSession } from '../auth/start-session.ts';
import { verifyCurrentPassword } from '../auth/verify-current-password.ts';
import { throttled } from './code-throttle.ts';
import { confirmTwoFactor } from './confirm-two-factor.ts';
import { passSecondFactor, sendWrongCodesNotice } from './pass-second-factor.ts';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes.ts';
import { removeTwoFactor } from './remove-two-factor.ts';
import { setCompanyTwoFactor } from './set-company-two-factor.ts';
import { startTwoFactor } from './start-two-factor.ts';
import { CHALLENGE_EXPIRED, NO_SETUP_STARTED } from './two-factor.refusals.ts';
import { twoFactorRepository } from './two-factor.repository.ts';

type SecondFactorEvent =
  'second_factor_passed' | 'second_factor_failed' | 'second_factor_changed' | 'recovery_code_used';

/** A security event (decision 0035) of the user whose second factor this is. */
function recordFor(
  request: FastifyRequest,
  user: { id: number; companyId: number; email: string },
  kind: SecondFactorEvent,
  outcome: 'success' | 'failure' | 'throttled',
  detail?: Record<string, string | number | boolean | null>,
) {
  return recordSecurityEvent(request.deps, {
    kind,
    outcome,
    companyId: user.companyId,
    userId: user.id,
    email: user.email,
    origin: originOf(request),
    detail,
  });
}

/**
 * A signed-in user's code refused while setting up, removing or renewing their second factor: a
 * wrong or throttled code is `second_factor_failed`, as at sign-in; other refusals (no set-up
 * started, not enrolled) are not a guess and are not recorded.
 */
function recordCodeRefused(request: FastifyRequest & { user: SessionUser }, result: Refused, during: string) {
  const { status, field } = result.refusal;
  if (field !== 'code' || (status !== 400 && status !== 429)) return;
  if (result.refusal === NO_SETUP_STARTED) return;
  return recordFor(request, request.user, 'second_factor_failed', status === 429 ? 'throttled' : 'failure', { during });
}

/**
 * Mails the user when their factor takes its day's last wrong code, saying until when in their
 * company's zone; a notice that cannot be sent is logged.
 */
function wrongCodesNotice(request: FastifyRequest, user: { name: string; email: string; timeZone: string }) {
  return (until: Date) =>
    sendWrongCodesNotice(request.deps.mailer, user, { at: until, timeZone: user.timeZone }).catch((error: unknown) =>
      request.log.error({ err: error }, 'The wrong two-factor codes notice was not sent'),
    );
}

export type TwoFactorRoutesOptions = { secretKey: SecretKey };

const errors = { '4xx': ErrorResponse };

/**
 * The login's second step (decision 0034), under the challenge the login answered instead of a
 * session: a code, or setting up the second factor the company requires. Codes are throttled as
 * passwords are, under the user's name and the client's address.
 */
export const loginTwoFactorRoutes: FastifyPluginAsync<TwoFactorRoutesOptions> = async (app, { secretKey }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A sign-in's second step that another site asks for is refused, as the first is (login CSRF).
  app.addHook('onRequest', app.refuseCrossSite);
  // The sign-in's pending token in the body is the credential, not a session.
  describedWithoutCredential(app);

  api.post(
    API_PATHS.loginSecondFactor,
    { schema: { body: LoginSecondFactorRequest, response: { 200: LoginResponse, ...errors } } },
    async (request, reply) => {
      const user = await twoFactorRepository.findChallenge(app.db, request.body.challenge, 'second_factor');
      if (!user) return sendRefusal(reply, CHALLENGE_EXPIRED);
      const deps = { db: app.db, secretKey, onWrongCodesLimit: wrongCodesNotice(request, user) };
      const passed = await throttled(app.db, { email: user.email, ip: request.ip, field: 'code' }, async () => {
        const result = await passSecondFactor(deps, user, request.body.code);
        if (isRefused(result)) {
          return { refusal: { ...result.refusal, status: result.refusal.status === 429 ? 429 : 401 } };
        }
        return (await twoFactorRepository.takeChallenge(app.db, user.challengeId))
          ? result
          : refused(CHALLENGE_EXPIRED);
      });
      if (isRefused(passed)) {
        const outcome = passed.refusal.status === 429 ? 'throttled' : 'failure';
        await recordFor(request, user, 'second_factor_failed', outcome);
        return sendRefusal(reply, passed.refusal);
      }
      await recordFor(request, user, 'second_factor_passed', 'success', { method: passed.method });
      if (passed.method === 'recovery_code') await recordFor(request, user, 'recovery_code_used', 'success');
      const session = await startSession(app.db, request, user);
      return session ? handOverSession(request, reply, session) : sendRefusal(reply, CHALLENGE_EXPIRED);
    },
  );

  api.post(
    API_PATHS.loginEnrolment,
    { schema: { body: LoginEnrolmentRequest, response: { 200: TwoFactorSetupResponse, ...errors } } },
    async (request, reply) => {
      const user = await twoFactorRepository.findChallenge(app.db, request.body.challenge, 'enrol');
      if (!user) return sendRefusal(reply, CHALLENGE_EXPIRED);
      return replyWith(reply, await startTwoFactor({ db: app.db, secretKey }, user), (setup) => setup);
    },
  );

  api.post(
    API_PATHS.loginEnrolmentConfirm,
    {
      schema: { body: LoginEnrolmentConfirmRequest, response: { 200: LoginEnrolmentConfirmResponse, ...errors } },
    },
    async (request, reply) => {
      const user = await twoFactorRepository.findChallenge(app.db, request.body.challenge, 'enrol');
      if (!user) return sendRefusal(reply, CHALLENGE_EXPIRED);
      // The set-up, the challenge and the session are one transaction holding the password the
      // challenge was proved with: a password changed meanwhile undoes the set-up with them, so no
      // factor is left on whose recovery codes were never shown (holdIfPasswordUnchanged).
      const confirmed = await throttled(app.db, { email: user.email, ip: request.ip, field: 'code' }, () =>
        inTransaction(app.db, async (trx) => {
          if (!(await holdIfPasswordUnchanged(trx, user.id, user.password_hash))) return refused(CHALLENGE_EXPIRED);
          const result = await confirmTwoFactor({ db: trx, secretKey }, user, request.body.code);
          if (isRefused(result)) return result;
          if (!(await twoFactorRepository.takeChallenge(trx, user.challengeId))) return refused(CHALLENGE_EXPIRED);
          const session = await startSession(trx, request, user);
          return session ? { recovery_codes: result.recovery_codes, session } : refused(CHALLENGE_EXPIRED);
        }),
      );
      if (isRefused(confirmed)) return sendRefusal(reply, confirmed.refusal);
      await recordFor(request, user, 'second_factor_changed', 'success', { change: 'enrolled_at_sign_in' });
      return { recovery_codes: confirmed.recovery_codes, session: handOverSession(request, reply, confirmed.session) };
    },
  );
};

/** The signed-in user's own second factor, and the company's requirement. */
export const twoFactorRoutes: FastifyPluginAsync<TwoFactorRoutesOptions> = async (app, { secretKey }) => {
  // Role 11 changes nothing (spec section 6), its own sign-in included: it sets a second factor
  // up at sign-in when the company requires one, and an administrator resets it.
  app.addHook('onRequest', refuseChangesByReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(API_PATHS.twoFactor, { schema: { response: { 200: TwoFactorResponse, ...errors } } }, async (request) => {
    const { id, companyId, role } = request.user;
    return {
      enabled: await twoFactorRepository.isConfirmed(app.db, id),
      recovery_codes_left: await twoFactorRepository.countRecoveryCodes(app.db, id),
      company: {
        require_two_factor: await twoFactorRepository.isRequiredByCompany(app.db, companyId),
        can_change: canManageUsers(role),
      },
    };
  });

  api.post(
    API_PATHS.startTwoFactor,
    { schema: { body: StartTwoFactorRequest, response: { 200: TwoFactorSetupResponse, ...errors } } },
    async (request, reply) => {
      const password = { password: request.body.current_password, origin: originOf(request) };
      const verified = await verifyCurrentPassword(request.deps, request.user, password);
      if (isRefused(verified)) return sendRefusal(reply, verified.refusal);
      return replyWith(reply, await startTwoFactor({ db: app.db, secretKey }, request.user), (setup) => setup);
    },
  );

  api.post(
    API_PATHS.confirmTwoFactor,
    { schema: { body: ConfirmTwoFactorRequest, response: { 200: RecoveryCodesResponse, ...errors } } },
    async (request, reply) => {
      const attempt = { email: request.user.email, ip: request.ip, field: 'code' };
      const confirmed = await throttled(app.db, attempt, () =>
        confirmTwoFactor({ db: app.db, secretKey }, request.user, request.body.code),
      );
      if (!isRefused(confirmed)) {
        await recordFor(request, request.user, 'second_factor_changed', 'success', { change: 'enrolled' });
      } else await recordCodeRefused(request, confirmed, 'enrolment');
      return replyWith(reply, confirmed, (codes) => codes);
    },
  );

  api.post(
    API_PATHS.removeTwoFactor,
    { schema: { body: TwoFactorReauthRequest, response: { 200: MessageResponse, ...errors } } },
    async (request, reply) => {
      const password = { password: request.body.current_password, origin: originOf(request) };
      const verified = await verifyCurrentPassword(request.deps, request.user, password);
      if (isRefused(verified)) return sendRefusal(reply, verified.refusal);
      const attempt = { email: request.user.email, ip: request.ip, field: 'code' };
      const removed = await throttled(app.db, attempt, () =>
        removeTwoFactor(
          { db: app.db, secretKey, onWrongCodesLimit: wrongCodesNotice(request, request.user) },
          request.user,
          request.body.code,
        ),
      );
      if (!isRefused(removed)) {
        await recordFor(request, request.user, 'second_factor_changed', 'success', { change: 'removed' });
      } else await recordCodeRefused(request, removed, 'removal');
      return replyWith(reply, removed, () => ({ message: TWO_FACTOR_TEXTS.removed }));
    },
  );

  api.post(
    API_PATHS.regenerateRecoveryCodes,
    { schema: { body: TwoFactorReauthRequest, response: { 200: RecoveryCodesResponse, ...errors } } },
    async (request, reply) => {
      const password = { password: request.body.current_password, origin: originOf(request) };
      const verified = await verifyCurrentPassword(request.deps, request.user, password);
      if (isRefused(verified)) return sendRefusal(reply, verified.refusal);
      const attempt = { email: request.user.email, ip: request.ip, field: 'code' };
      const codes = await throttled(app.db, attempt, () =>
        regenerateRecoveryCodes(
          { db: app.db, secretKey, onWrongCodesLimit: wrongCodesNotice(request, request.user) },
          request.user,
          request.body.code,
        ),
      );
      if (!isRefused(codes)) {
        await recordFor(request, request.user, 'second_factor_changed', 'success', {
          change: 'recovery_codes_renewed',
        });
      } else await recordCodeRefused(request, codes, 'recovery_codes_renewal');
      return replyWith(reply, codes, (result) => result);
    },
  );

  api.put(
    API_PATHS.companyTwoFactor,
    { schema: { body: CompanyTwoFactorRequest, response: { 200: MessageResponse, ...errors } } },
    async (request, reply) => {
      const input = {
        requireTwoFactor: request.body.require_two_factor,
        currentPassword: request.body.current_password,
        origin: originOf(request),
      };
      const saved = await setCompanyTwoFactor(request.deps, request.user, input);
      if (!isRefused(saved)) {
        await recordFor(request, request.user, 'second_factor_changed', 'success', {
          change: input.requireTwoFactor ? 'company_requires' : 'company_does_not_require',
        });
      }
      return replyWith(reply, saved, () => ({ message: TWO_FACTOR_TEXTS.requireSaved }));
    },
  );
};
