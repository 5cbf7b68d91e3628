import { isBefore, parseISO } from 'date-fns';
import { SHIPMENT_UPDATES_CUTOFF_DATE } from '@clearport/contract/constants';
import {
  trackingEvents,
  type Container,
  type ShipmentDetail,
  type TrackingEvent,
} from '@clearport/contract/shipment-detail';
import { parseApiDate } from '../../../lib/format-date.ts';

export type ContainerUpdates = { container: Container; events: TrackingEvent[] };

/** The cut-off as local midnight, as the ETA is a local wall-clock text. */
const CUTOFF = parseISO(SHIPMENT_UPDATES_CUTOFF_DATE);

/**
 * The containers whose shipment updates are shown: those with tracking events, and only when
 * the ETA is known and on or after SHIPMENT_UPDATES_CUTOFF_DATE (spec section 2).
 */
export function containerUpdates(shipment: Pick<ShipmentDetail, 'est_time_arrive' | 'containers'>): ContainerUpdates[] {
  const eta = parseApiDate(shipment.est_time_arrive);
  if (!eta || isBefore(eta, CUTOFF)) return [];
  return shipment.containers
    .map((container) => ({ container, events: trackingEvents(container.tracking_info) }))
    .filter((updates) => updates.events.length > 0);
}
