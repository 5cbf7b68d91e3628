import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@clearport/contract/paths';
import { ErrorResponse } from '@clearport/contract/http';
import { CreateTruckerRequest, CreateTruckerResponse } from '@clearport/contract/truckers';
import { refuseReadOnlyRoles } from '../access/read-only.ts';
import { createTruckers } from './create-truckers.ts';

/**
 * POST user/trucker/save (the New Trucker modal): creates each trucker, active. The schema
 * refuses an empty name and an eleventh CC (TEXTS.maxTruckerCc), and the database holds the
 * same CC limit. Role 11 has no truckers: 403.
 */
export const truckersRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseReadOnlyRoles);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      API_PATHS.createTrucker,
      { schema: { body: CreateTruckerRequest, response: { 200: CreateTruckerResponse, '4xx': ErrorResponse } } },
      async (request) => ({ truckers: await createTruckers(request.deps, request.user, request.body.truckers) }),
    );
};
