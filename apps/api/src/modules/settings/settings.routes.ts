import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, ErrorResponse } from '@clearport/contract/http';
import { SettingsResponse, SettingsSaveResponse, WarehousesSaveRequest } from '@clearport/contract/settings';
import { refuseReadOnlyRoles } from '../access/read-only.ts';
import { settingsRepository } from './settings.repository.ts';

const errors = { '4xx': ErrorResponse };

/**
 * GET user/settings (the truckers and warehouses the delivery order dropdowns list) and
 * user/settings/save as the New Warehouse modal sends it. Role 11 has no settings: 403.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(API_PATHS.settings, { schema: { response: { 200: SettingsResponse, ...errors } } }, async (request) =>
    settingsRepository.find(app.db, request.user),
  );

  api.post(
    API_PATHS.settingsSave,
    { schema: { body: WarehousesSaveRequest, response: { 200: SettingsSaveResponse, ...errors } } },
    async (request, reply) => {
      const result = await settingsRepository.saveWarehouses(app.db, request.user, request.body.warehouses);
      if ('refused' in result) {
        return reply.code(400).send({ message: result.message, field: result.field, errors: [result.message] });
      }
      return result;
    },
  );
};
