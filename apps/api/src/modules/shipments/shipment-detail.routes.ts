import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { REQUEST_KEY_HEADER } from '@clearport/contract/constants';
import { ErrorResponse, IdParams, RequestKeyHeaders } from '@clearport/contract/http';
import {
  AddNoteRequest,
  AddNoteResponse,
  FileIsfRequest,
  FileIsfResponse,
  SaveReferenceRequest,
  SaveReferenceResponse,
  ShipmentDetailResponse,
  SkipDeliveryOrderRequest,
  SkipDeliveryOrderResponse,
  ToggleReviewedRequest,
  ToggleReviewedResponse,
} from '@clearport/contract/shipment-detail';
import { TEXTS } from '@clearport/contract/texts';
import { replyWith } from '../../lib/action.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { refuseChangesByReadOnlyRoles } from '../access/read-only.ts';
import { addNote } from './add-note.ts';
import { fileIsf } from './file-isf.ts';
import { saveReference } from './save-reference.ts';
import { shipmentDetailRepository } from './shipment-detail.repository.ts';
import { shipmentDocumentsRoutes } from './shipment-documents.routes.ts';
import { refusalOf } from './shipments.rules.ts';
import { skipDeliveryOrder } from './skip-delivery-order.ts';
import { toggleReviewed } from './toggle-reviewed.ts';
import type { UploadLimits } from './upload-limits.ts';

const errors = { '4xx': ErrorResponse };

/** The detail's reading and its changes to the shipment itself. */
const detailRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API_PATHS.shipmentDetail,
    { schema: { params: IdParams, response: { 200: ShipmentDetailResponse, ...errors } } },
    async (request, reply) => {
      const detail = await shipmentDetailRepository.find(app.db, request.user, request.params.id);
      return detail ?? sendRefusal(reply, refusalOf({ refused: 'shipmentNotFound' }));
    },
  );

  api.post(
    API_PATHS.fileIsf,
    { schema: { params: IdParams, body: FileIsfRequest, response: { 200: FileIsfResponse, ...errors } } },
    async (request, reply) => {
      const result = await fileIsf(request.deps, request.user, { shipmentId: request.params.id });
      return replyWith(reply, result, (filed) => filed);
    },
  );

  api.post(
    API_PATHS.addNote,
    {
      schema: {
        params: IdParams,
        headers: RequestKeyHeaders,
        body: AddNoteRequest,
        response: { 200: AddNoteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const input = {
        shipmentId: request.params.id,
        comments: request.body.note,
        requestKey: request.headers[REQUEST_KEY_HEADER],
      };
      const result = await addNote(request.deps, request.user, input);
      return replyWith(reply, result, (note) => ({ message: TEXTS.noteSubmitted, note }));
    },
  );

  api.post(
    API_PATHS.saveReference,
    { schema: { params: IdParams, body: SaveReferenceRequest, response: { 200: SaveReferenceResponse, ...errors } } },
    async (request, reply) => {
      const input = { shipmentId: request.params.id, referenceNo: request.body.reference_no };
      const result = await saveReference(request.deps, request.user, input);
      return replyWith(reply, result, (saved) => saved);
    },
  );

  api.post(
    API_PATHS.skipDeliveryOrder,
    { schema: { body: SkipDeliveryOrderRequest, response: { 200: SkipDeliveryOrderResponse, ...errors } } },
    async (request, reply) => {
      const input = { shipmentId: request.body.shipment_id, isIgnored: request.body.ignore };
      const result = await skipDeliveryOrder(request.deps, request.user, input);
      return replyWith(reply, result, (skipped) => skipped);
    },
  );

  api.post(
    API_PATHS.toggleReviewed,
    { schema: { body: ToggleReviewedRequest, response: { 200: ToggleReviewedResponse, ...errors } } },
    async (request, reply) => {
      const result = await toggleReviewed(request.deps, request.user, { shipmentIds: request.body.shipment_ids });
      return replyWith(reply, result, (toggled) => toggled);
    },
  );
};

/**
 * Everything of the shipment detail page (docs/decisions/0006-shipment-detail.md): the
 * reading, the changes and the documents, all behind the read-only guard.
 */
export const shipmentDetailRoutes: FastifyPluginAsync<UploadLimits> = async (app, limits) => {
  app.addHook('onRequest', refuseChangesByReadOnlyRoles);
  await app.register(detailRoutes);
  await app.register(shipmentDocumentsRoutes, limits);
};
