import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomsEntryQuery,
  CustomsEntryResponse,
  ENTRY_LINES_PAGE,
  seesEntryMoney,
} from '@clearport/contract/customs-entry';
import { ErrorResponse, IdParams } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { sendRefusal } from '../../lib/refusal.ts';
import { accessRepository } from '../access/access.repository.ts';
import { customsEntriesRepository } from './customs-entries.repository.ts';
import { entryResponse, NO_ENTRY } from './customs-entries.rules.ts';

/** The shipment page's Customs entry panel: the current entry, its holds and a page of its lines. */
export const customsEntriesRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.customsEntry,
    {
      schema: {
        params: IdParams,
        querystring: CustomsEntryQuery,
        response: { 200: CustomsEntryResponse, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const shipment = await accessRepository
        .shipments(app.db, request.user)
        .select('shipments.id')
        .where('shipments.id', '=', request.params.id)
        .executeTakeFirst();
      if (!shipment) return sendRefusal(reply, { status: 404, message: SHIPMENT_DETAIL_ERRORS.shipmentNotFound });
      const found = await customsEntriesRepository.currentOf(
        app.db,
        shipment.id,
        request.query.after_line ?? 0,
        ENTRY_LINES_PAGE,
      );
      return found ? entryResponse(found, seesEntryMoney(request.user.role)) : NO_ENTRY;
    },
  );
};
