import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seesEntryMoney } from '@clearport/contract/customs-entry';
import { ContainerFreeDaysResponse, type ContainerFreeDays } from '@clearport/contract/free-days';
import { ErrorResponse, IdParams } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { calendarDayIn } from '@clearport/contract/calendar';
import { sendRefusal } from '../../lib/refusal.ts';
import { accessRepository } from '../access/access.repository.ts';
import { containerFreeDaysRepository } from './container-free-days.repository.ts';
import { containerFreeDaysOf } from './container-free-days.rules.ts';

/** A container without its rates and estimated charge, for the roles that see no money (seesEntryMoney). */
function withoutMoney(container: ContainerFreeDays): ContainerFreeDays {
  const { status } = container;
  return {
    ...container,
    demurrage_rates: null,
    detention_rates: null,
    status: 'charge_cents' in status ? { ...status, charge_cents: null } : status,
  };
}

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
      const today = calendarDayIn(new Date(), timeZone);
      const shown = seesEntryMoney(request.user.role) ? (container: ContainerFreeDays) => container : withoutMoney;
      return {
        today,
        containers: containers.map((container) =>
          shown(
            containerFreeDaysOf(
              container,
              history.filter((change) => change.container_id === container.id),
              today,
              timeZone,
            ),
          ),
        ),
      };
    },
  );
};
