import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { API_PATHS } from '@clearport/contract/http';
import { ShipmentsQuery, ShipmentsResponse } from '@clearport/contract/shipments';
import { shipmentsRepository } from './shipments.repository.ts';
import { criteriaOf } from './shipments.rules.ts';

export const shipmentsRoutes: FastifyPluginAsync = async (app) => {
  /** Home (`source=home`): counts, first page and account numbers; otherwise one list page. */
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      API_PATHS.shipments,
      { schema: { querystring: ShipmentsQuery, response: { 200: ShipmentsResponse } } },
      async (request) => {
        const query = request.query;
        const criteria = criteriaOf(query);
        if (query.source === 'home') {
          const { items, ...summary } = await shipmentsRepository.home(
            app.db,
            request.user,
            criteria,
            SHIPMENTS_PAGE_SIZE,
          );
          return { ...summary, data: items, result: items };
        }
        const { page, per_page: perPage, sort, direction } = query;
        const { total, items } = await shipmentsRepository.list(app.db, request.user, {
          criteria,
          sort,
          direction,
          page,
          perPage,
        });
        return {
          data: items,
          pagination: {
            total,
            last_page: Math.max(1, Math.ceil(total / perPage)),
            current_page: page,
            per_page: perPage,
          },
        };
      },
    );
};
