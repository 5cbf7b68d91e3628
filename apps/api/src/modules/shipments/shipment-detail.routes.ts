import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, ErrorResponse, IdParams } from '@clearport/contract/http';
import {
  AddCommentRequest,
  AddCommentResponse,
  IsfNoRequest,
  IsfNoResponse,
  ReferenceNoRequest,
  ReferenceNoResponse,
  ShipmentDetailResponse,
  ToggleIgnoreRequest,
  ToggleIgnoreResponse,
  ToggleReviewedRequest,
  ToggleReviewedResponse,
} from '@clearport/contract/shipments';
import { TEXTS } from '@clearport/contract/texts';
import { refuseChangesByReadOnlyRoles } from '../access/read-only.ts';
import { shipmentDetailRepository } from './shipment-detail.repository.ts';
import { shipmentDocumentsRoutes } from './shipment-documents.routes.ts';
import { isRefusal, sendRefusal } from './shipment-refusals.ts';

const errors = { '4xx': ErrorResponse };

/** The detail's reading and its changes to the shipment itself. */
const detailRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    API_PATHS.shipmentDetails,
    { schema: { params: IdParams, response: { 200: ShipmentDetailResponse, ...errors } } },
    async (request, reply) => {
      const detail = await shipmentDetailRepository.find(app.db, request.user, request.params.id);
      return detail ?? sendRefusal(reply, { refused: 'shipmentNotFound' });
    },
  );

  api.post(
    API_PATHS.isfNo,
    { schema: { params: IdParams, body: IsfNoRequest, response: { 200: IsfNoResponse, ...errors } } },
    async (request, reply) => {
      const result = await shipmentDetailRepository.fileIsf(app.db, request.user, request.params.id);
      return isRefusal(result) ? sendRefusal(reply, result) : result;
    },
  );

  api.post(
    API_PATHS.addComment,
    { schema: { params: IdParams, body: AddCommentRequest, response: { 200: AddCommentResponse, ...errors } } },
    async (request, reply) => {
      const result = await shipmentDetailRepository.addNote(app.db, request.user, request.params.id, request.body.note);
      return isRefusal(result) ? sendRefusal(reply, result) : { message: TEXTS.noteSubmitted, note: result };
    },
  );

  api.post(
    API_PATHS.referenceNo,
    { schema: { params: IdParams, body: ReferenceNoRequest, response: { 200: ReferenceNoResponse, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await shipmentDetailRepository.setReference(app.db, request.user, id, request.body.reference_no);
      return isRefusal(result) ? sendRefusal(reply, result) : result;
    },
  );

  api.post(
    API_PATHS.toggleIgnore,
    { schema: { body: ToggleIgnoreRequest, response: { 200: ToggleIgnoreResponse, ...errors } } },
    async (request, reply) => {
      const { shipment_id: id, ignore } = request.body;
      const result = await shipmentDetailRepository.setIgnored(app.db, request.user, id, ignore);
      return isRefusal(result) ? sendRefusal(reply, result) : result;
    },
  );

  api.post(
    API_PATHS.toggleReviewed,
    { schema: { body: ToggleReviewedRequest, response: { 200: ToggleReviewedResponse, ...errors } } },
    async (request, reply) => {
      const result = await shipmentDetailRepository.toggleReviewed(app.db, request.user, request.body.shipment_ids);
      return isRefusal(result) ? sendRefusal(reply, result) : result;
    },
  );
};

/**
 * Everything of the shipment detail page (docs/decisions/0006-shipment-detail.md): the
 * reading, the changes, the documents and the file downloads, all behind the read-only guard.
 */
export const shipmentDetailRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseChangesByReadOnlyRoles);
  await app.register(detailRoutes);
  await app.register(shipmentDocumentsRoutes);
};
