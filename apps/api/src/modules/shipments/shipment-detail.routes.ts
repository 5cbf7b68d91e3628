import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse, IdParams } from '@clearport/contract/http';
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
import { isNamedRefusal, sendRefusal } from '../../lib/refusal.ts';
import { refuseChangesByReadOnlyRoles } from '../access/read-only.ts';
import { shipmentDetailRepository } from './shipment-detail.repository.ts';
import { shipmentDocumentsRoutes } from './shipment-documents.routes.ts';
import { refusalOf } from './shipments.rules.ts';
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
      const result = await shipmentDetailRepository.fileIsf(app.db, request.user, request.params.id);
      return isNamedRefusal(result) ? sendRefusal(reply, refusalOf(result)) : result;
    },
  );

  api.post(
    API_PATHS.addNote,
    { schema: { params: IdParams, body: AddNoteRequest, response: { 200: AddNoteResponse, ...errors } } },
    async (request, reply) => {
      const result = await shipmentDetailRepository.addNote(app.db, request.user, request.params.id, request.body.note);
      return isNamedRefusal(result)
        ? sendRefusal(reply, refusalOf(result))
        : { message: TEXTS.noteSubmitted, note: result };
    },
  );

  api.post(
    API_PATHS.saveReference,
    { schema: { params: IdParams, body: SaveReferenceRequest, response: { 200: SaveReferenceResponse, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await shipmentDetailRepository.saveReference(app.db, request.user, id, request.body.reference_no);
      return isNamedRefusal(result) ? sendRefusal(reply, refusalOf(result)) : result;
    },
  );

  api.post(
    API_PATHS.skipDeliveryOrder,
    { schema: { body: SkipDeliveryOrderRequest, response: { 200: SkipDeliveryOrderResponse, ...errors } } },
    async (request, reply) => {
      const { shipment_id: id, ignore } = request.body;
      const result = await shipmentDetailRepository.skipDeliveryOrder(app.db, request.user, id, ignore);
      return isNamedRefusal(result) ? sendRefusal(reply, refusalOf(result)) : result;
    },
  );

  api.post(
    API_PATHS.toggleReviewed,
    { schema: { body: ToggleReviewedRequest, response: { 200: ToggleReviewedResponse, ...errors } } },
    async (request, reply) => {
      const result = await shipmentDetailRepository.toggleReviewed(app.db, request.user, request.body.shipment_ids);
      return isNamedRefusal(result) ? sendRefusal(reply, refusalOf(result)) : result;
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
