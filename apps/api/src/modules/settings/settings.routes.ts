import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse } from '@clearport/contract/http';
import {
  SETTINGS_ERRORS,
  SETTINGS_SAVED,
  SettingsResponse,
  SaveSettingsRequest,
  SaveSettingsResponse,
  type SettingsFormSaveRequest,
} from '@clearport/contract/settings';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isNamedRefusal, listedRefusal, sendRefusal, type Refusal } from '../../lib/refusal.ts';
import { refuseReadOnlyRoles } from '../access/read-only.ts';
import { loginThrottle, loginThrottleKeys, waitMessage } from '../auth/login-throttle.ts';
import { usersRepository } from '../auth/users.repository.ts';
import { storePasswordHash } from '../access/passwords.ts';
import { subusersRepository } from '../subusers/subusers.repository.ts';
import { changeOwnEmail, isEmailTaken, sendEmailChangedNotice } from './account-change.ts';
import { settingsRepository, SettingsSaveRefusal } from './settings.repository.ts';
import { isEmailChange, needsCurrentPassword } from './settings.rules.ts';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/**
 * GET user/settings, and user/settings/save in its two readings: the New Warehouse modal's and
 * the Settings screen's (contract: SettingsFormSaveRequest). Role 11 has no settings: 403.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(API_PATHS.settings, { schema: { response: { 200: SettingsResponse, ...errors } } }, async (request) =>
    settingsRepository.find(app.db, request.user),
  );

  api.post(
    API_PATHS.saveSettings,
    { schema: { body: SaveSettingsRequest, response: { 200: SaveSettingsResponse, ...errors } } },
    async (request, reply) => {
      const body = request.body;
      if (!('user_emails' in body)) {
        const result = await settingsRepository.saveWarehouses(app.db, request.user, body.warehouses);
        return isNamedRefusal(result) ? sendRefusal(reply, listedRefusal(400, result.message, result.field)) : result;
      }

      const user = request.user;
      if (needsCurrentPassword(user.email, body)) {
        const checked = await checkCurrentPassword(body, user.email, request.ip);
        if (checked) {
          if (checked.retryAfter) reply.header('retry-after', String(checked.retryAfter));
          return sendRefusal(reply, checked.refusal);
        }
      }
      const newEmail = isEmailChange(user.email, body.email) ? body.email!.trim() : undefined;
      // Half a second of scrypt, outside the transaction.
      const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);

      try {
        const lists = await app.db.transaction().execute(async (trx) => {
          await settingsRepository.saveLists(trx, user, body.user_emails);
          if (body.truckers) await settingsRepository.saveTruckers(trx, user, body.truckers);
          if (body.warehouses) await settingsRepository.saveWarehouseList(trx, user, body.warehouses);
          if (passwordHash) {
            await storePasswordHash(trx, user.id, passwordHash, { keepSessionToken: request.sessionToken });
          }
          if (newEmail) {
            if (await isEmailTaken(trx, user.id, newEmail)) {
              throw new SettingsSaveRefusal(409, 'email', SETTINGS_ERRORS.emailTaken);
            }
            await changeOwnEmail(trx, user.id, newEmail);
            // Told before the commit: a notice that cannot be sent changes nothing.
            try {
              await sendEmailChangedNotice(app.mailer, user, newEmail);
            } catch (error) {
              request.log.error({ err: error }, 'e-mail change notice failed');
              throw new SettingsSaveRefusal(502, 'email', SETTINGS_ERRORS.noticeFailed);
            }
          }
          const detail = {
            ...(newEmail ? { email: { from: user.email, to: newEmail } } : {}),
            ...(passwordHash ? { password: 'changed' } : {}),
          };
          // Every change to a user is recorded, as the users screen records its own (decision 0011).
          if (Object.keys(detail).length > 0) {
            await subusersRepository.recordChange(trx, {
              companyId: user.companyId,
              userId: user.id,
              userEmail: newEmail ?? user.email,
              changedBy: user.id,
              action: 'update',
              detail,
            });
          }
          return settingsRepository.listsAfterSave(trx, user);
        });
        return { ...lists, messages: [SETTINGS_SAVED] };
      } catch (error) {
        if (error instanceof SettingsSaveRefusal) return sendRefusal(reply, error.refusal);
        // Another user took the address between the check and the update.
        if ((error as { code?: string }).code === '23505') {
          return sendRefusal(reply, listedRefusal(409, SETTINGS_ERRORS.emailTaken, 'email'));
        }
        throw error;
      }
    },
  );

  /**
   * Checks the current password, counted as a login attempt of the user's name from this
   * address, so a stolen session cannot guess it faster than the login page could.
   */
  async function checkCurrentPassword(
    body: SettingsFormSaveRequest,
    email: string,
    ip: string,
  ): Promise<{ refusal: Refusal; retryAfter?: number } | undefined> {
    if (!body.current_password) {
      return { refusal: listedRefusal(400, SETTINGS_ERRORS.currentPasswordRequired, 'current_password') };
    }
    const keys = loginThrottleKeys(email, ip);
    const waitSeconds = await loginThrottle.reserve(app.db, [keys.pair, keys.name]);
    if (waitSeconds > 0) {
      return {
        refusal: listedRefusal(429, waitMessage(waitSeconds), 'current_password'),
        retryAfter: waitSeconds,
      };
    }
    const stored = await usersRepository.findByEmail(app.db, email);
    if (!stored || !(await verifyPassword(body.current_password, stored.password_hash))) {
      return { refusal: listedRefusal(400, SETTINGS_ERRORS.currentPasswordWrong, 'current_password') };
    }
    await loginThrottle.succeeded(app.db, keys);
    return undefined;
  }
};
