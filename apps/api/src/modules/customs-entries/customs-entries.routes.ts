import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomsEntryQuery,
  CustomsEntryResponse,
  DecideEntryRequest,
  DecideEntryResponse,
  EntryApprovalRule,
  EntryApprovalRuleResponse,
  setsEntryApprovalRule,
  QueryEntryRequest,
  ENTRY_LINES_PAGE,
  seesEntryMoney,
} from '@clearport/contract/customs-entry';
import { ErrorResponse, IdParams } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { replyWith } from '../../lib/action.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { refuseChangesByReadOnlyRoles } from '../access/read-only.ts';
import { accessRepository } from '../access/access.repository.ts';
import { customsEntriesRepository } from './customs-entries.repository.ts';
import { entryResponse, NO_ENTRY } from './customs-entries.rules.ts';
import { decideEntry } from './decide-entry.ts';
import { setEntryApprovalRule } from './set-entry-approval-rule.ts';

/** The shipment page's Customs entry panel: the current entry, its holds and a page of its lines. */
export const customsEntriesRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseChangesByReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    API_PATHS.customsEntry,
    {
      schema: {
        params: IdParams,
        querystring: CustomsEntryQuery,
        response: { 200: CustomsEntryResponse, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const { user } = request;
      const found = await customsEntriesRepository.currentOf(
        app.db,
        user,
        request.params.id,
        request.query.after_line ?? 0,
        ENTRY_LINES_PAGE,
      );
      if (found) return entryResponse(found, seesEntryMoney(user.role));
      // No entry to show: a shipment without one, or one the caller may not see.
      if (!(await accessRepository.findShipmentId(app.db, user, request.params.id))) {
        return sendRefusal(reply, { status: 404, message: SHIPMENT_DETAIL_ERRORS.shipmentNotFound });
      }
      return NO_ENTRY;
    },
  );

  api.post(
    API_PATHS.approveEntry,
    {
      schema: {
        params: IdParams,
        body: DecideEntryRequest,
        response: { 200: DecideEntryResponse, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const input = {
        shipmentId: request.params.id,
        decision: 'approved',
        pathTo7501: request.body.path_to_7501,
      } as const;
      return replyWith(reply, await decideEntry(request.deps, request.user, input), (approval) => ({ approval }));
    },
  );

  api.post(
    API_PATHS.queryEntry,
    {
      schema: {
        params: IdParams,
        body: QueryEntryRequest,
        response: { 200: DecideEntryResponse, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const { path_to_7501, comment } = request.body;
      const input = { shipmentId: request.params.id, decision: 'queried', pathTo7501: path_to_7501, comment } as const;
      return replyWith(reply, await decideEntry(request.deps, request.user, input), (approval) => ({ approval }));
    },
  );

  api.get(
    API_PATHS.entryApprovalRule,
    { schema: { response: { 200: EntryApprovalRuleResponse, '4xx': ErrorResponse } } },
    async (request) => ({
      rule: await customsEntriesRepository.ruleOf(app.db, request.user.companyId),
      can_change: setsEntryApprovalRule(request.user.role),
    }),
  );

  api.put(
    API_PATHS.entryApprovalRule,
    { schema: { body: EntryApprovalRule, response: { 200: EntryApprovalRuleResponse, '4xx': ErrorResponse } } },
    async (request, reply) =>
      replyWith(reply, await setEntryApprovalRule(request.deps, request.user, request.body), (rule) => ({
        rule,
        can_change: true,
      })),
  );
};
