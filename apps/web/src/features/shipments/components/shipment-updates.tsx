import { useId } from 'react';
import type { ShipmentDetail } from '@clearport/contract/shipment-detail';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatEventDate } from '../../../lib/format-date.ts';
import { containerUpdates, type ContainerUpdates } from '../utils/shipment-updates.ts';
import styles from './shipment-updates.module.css';

type ShipmentUpdatesProps = {
  shipment: Pick<ShipmentDetail, 'est_time_arrive' | 'containers'>;
};

/** A container's events; the scroller takes focus, so a narrow screen scrolls it by keyboard too. */
function ContainerEvents({ container, events }: ContainerUpdates) {
  const captionId = useId();
  return (
    <div className={styles.container} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {container.container_no}
        </caption>
        <thead>
          <tr>
            <th scope="col">{WEB_TEXTS.shipment.eventDate}</th>
            <th scope="col">{WEB_TEXTS.shipment.eventType}</th>
            <th scope="col">{WEB_TEXTS.shipment.eventLocation}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event, index) => (
            <tr key={`${index}-${event.date}-${event.type}`}>
              <td className={styles.date} data-label={WEB_TEXTS.shipment.eventDate}>
                {formatEventDate(event.date)}
              </td>
              <td data-label={WEB_TEXTS.shipment.eventType}>{event.type}</td>
              <td data-label={WEB_TEXTS.shipment.eventLocation}>{event.location}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Per-container shipment updates: a table of tracking events for each container that has any,
 * shown only when the ETA is on or after the cut-off date (spec section 2).
 */
export function ShipmentUpdates({ shipment }: ShipmentUpdatesProps) {
  const updates = containerUpdates(shipment);
  if (updates.length === 0) return null;
  return (
    <Panel title={WEB_TEXTS.shipment.updatesTitle}>
      {updates.map((each) => (
        <ContainerEvents key={each.container.id} {...each} />
      ))}
    </Panel>
  );
}
