import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse } from '@clearport/contract/http';
import {
  DemurrageAlertsResponse,
  SaveSettingsRequest,
  SaveSettingsResponse,
  SetDemurrageAlertsRequest,
  SettingsFormSaveRequest,
  SettingsResponse,
  WarehousesSaveRequest,
} from '@clearport/contract/settings';
import { replyWith } from '../../lib/action.ts';
import { refuseReadOnlyRoles } from '../access/read-only.ts';
import { originOf } from '../access/security-events.ts';
import { saveSettings } from './save-settings.ts';
import { saveWarehouses } from './save-warehouses.ts';
import { setDemurrageAlerts } from './set-demurrage-alerts.ts';
import { settingsRepository } from './settings.repository.ts';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/**
 * GET user/settings, and user/settings/save in its two readings: the New Warehouse modal's and
 * the Settings screen's (contract: SettingsFormSaveRequest), and the demurrage and detention list
 * beside them (decision 0031). Role 11 has no settings: 403.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(API_PATHS.settings, { schema: { response: { 200: SettingsResponse, ...errors } } }, async (request) =>
    settingsRepository.find(app.db, request.user),
  );

  api.post(
    API_PATHS.saveSettings,
    {
      // The body is read as one of two: the description names both.
      config: { documented: { body: z.union([SettingsFormSaveRequest, WarehousesSaveRequest]) } },
      schema: { body: SaveSettingsRequest, response: { 200: SaveSettingsResponse, ...errors } },
    },
    async (request, reply) => {
      const { body, deps, user } = request;
      const result =
        'user_emails' in body
          ? await saveSettings(deps, user, {
              settings: body,
              sessionToken: request.sessionToken,
              origin: originOf(request),
            })
          : await saveWarehouses(deps, user, body.warehouses);
      return replyWith(reply, result, (saved) => saved);
    },
  );

  api.get(
    API_PATHS.demurrageAlerts,
    { schema: { response: { 200: DemurrageAlertsResponse, ...errors } } },
    async (request) => settingsRepository.demurrageAlerts(app.db, request.user.companyId),
  );

  api.put(
    API_PATHS.demurrageAlerts,
    { schema: { body: SetDemurrageAlertsRequest, response: { 200: DemurrageAlertsResponse, ...errors } } },
    async (request, reply) =>
      replyWith(reply, await setDemurrageAlerts(request.deps, request.user, request.body), (alerts) => alerts),
  );
};
