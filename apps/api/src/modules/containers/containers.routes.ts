import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContainerFreeDaysResponse } from '@clearport/contract/free-days';
import { ErrorResponse, IdParams } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { calendarDay } from '../../lib/display-dates.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { accessRepository } from '../access/access.repository.ts';
import { containerFreeDaysRepository } from './container-free-days.repository.ts';
import { containerFreeDaysOf } from './container-free-days.rules.ts';

/** The shipment's containers' free days, demurrage and detention (docs/decisions/0029-demurrage.md). */
export const containersRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    API_PATHS.containerFreeDays,
    { schema: { params: IdParams, response: { 200: ContainerFreeDaysResponse, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const shipmentId = await accessRepository.findShipmentId(app.db, request.user, request.params.id);
      if (shipmentId === undefined) {
        return sendRefusal(reply, { status: 404, message: SHIPMENT_DETAIL_ERRORS.shipmentNotFound });
      }
      const [containers, history] = await Promise.all([
        containerFreeDaysRepository.listOfShipment(app.db, shipmentId),
        containerFreeDaysRepository.historyOfShipment(app.db, shipmentId),
      ]);
      const { timeZone } = request.user;
      const today = calendarDay(new Date(), timeZone);
      return {
        today,
        containers: containers.map((container) =>
          containerFreeDaysOf(
            container,
            history.filter((change) => change.container_id === container.id),
            today,
            timeZone,
          ),
        ),
      };
    },
  );
};
