import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { API_PATHS } from '@clearport/contract/paths';
import { ShipmentsQuery } from '@clearport/contract/shipments';
import { shipmentsRepository } from './shipments.repository.ts';
import { criteriaOf } from './shipments.rules.ts';

export const shipmentsRoutes: FastifyPluginAsync = async (app) => {
  /**
   * Home (`source=home`): counts, first page and account numbers; otherwise one list page.
   * The reply is the contract's ShipmentsResponse as the statement wrote it, sent as it is.
   */
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(API_PATHS.shipments, { schema: { querystring: ShipmentsQuery } }, async (request, reply) => {
      const query = request.query;
      const criteria = criteriaOf(query);
      const body =
        query.source === 'home'
          ? await shipmentsRepository.home(app.db, request.user, criteria, SHIPMENTS_PAGE_SIZE)
          : await shipmentsRepository.list(app.db, request.user, {
              criteria,
              sort: query.sort,
              direction: query.direction,
              page: query.page,
              perPage: query.per_page,
            });
      return reply.type('application/json; charset=utf-8').send(body);
    });
};
