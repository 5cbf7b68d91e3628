import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { API_PATHS } from '@clearport/contract/paths';
import { readListCursor } from '@clearport/contract/list-cursor';
import { ShipmentsQuery, ShipmentsResponse } from '@clearport/contract/shipments';
import { shipmentsRepository, type ShipmentsPageRequest } from './shipments.repository.ts';
import { criteriaOf } from './shipments.rules.ts';

/** The place a list query reads from, if it names one (the schema has checked that it is one). */
function cursorOf(query: { after?: string; before?: string }): ShipmentsPageRequest['cursor'] {
  const [side, text] =
    query.after !== undefined ? (['after', query.after] as const) : (['before', query.before] as const);
  const at = text === undefined ? undefined : readListCursor(text);
  return at && { side, at };
}

export const shipmentsRoutes: FastifyPluginAsync = async (app) => {
  /**
   * Home (`source=home`): counts, first page and account numbers; otherwise one list page. Both
   * read from the replica when there is one (decision 0040); without one, the session's check is
   * part of the statement (decision 0045).
   * The reply is the contract's ShipmentsResponse as the statement wrote it, sent as it is.
   */
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.shipments,
    {
      config: { checksSessionInRead: true, documented: { reply: ShipmentsResponse } },
      schema: { querystring: ShipmentsQuery },
    },
    async (request, reply) => {
      const query = request.query;
      const now = new Date();
      const row = await app.readWithSessionCheck(request, reply, (db, user) => {
        const criteria = criteriaOf(query, user, now);
        return query.source === 'home'
          ? shipmentsRepository.homeStatement(db, user, criteria, SHIPMENTS_PAGE_SIZE, now)
          : shipmentsRepository.listStatement(db, user, {
              criteria,
              sort: query.sort,
              direction: query.direction,
              page: query.page,
              perPage: query.per_page,
              cursor: cursorOf(query),
            });
      });
      if (row === undefined) return reply;
      return reply.type('application/json; charset=utf-8').send(row.body);
    },
  );
};
