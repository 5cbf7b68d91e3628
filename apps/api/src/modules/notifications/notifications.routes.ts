import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { NotificationsResponse } from '@clearport/contract/notifications';
import { notificationsRepository } from './notifications.repository.ts';

export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(API_PATHS.notifications, { schema: { response: { 200: NotificationsResponse } } }, async (request) =>
      notificationsRepository.listActive(app.db, request.user.companyId),
    );
};
