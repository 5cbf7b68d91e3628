import { useId } from 'react';
import type { ShipmentDetail, TrackingEvent } from '@clearport/contract/shipment-detail';
import { ListRestButton, useListRest } from '../../../components/ui/list-rest.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatEventDate } from '../../../lib/format-date.ts';
import { containerUpdates, type ContainerUpdates } from '../utils/shipment-updates.ts';
import styles from './shipment-updates.module.css';

type ShipmentUpdatesProps = {
  shipment: Pick<ShipmentDetail, 'est_time_arrive' | 'containers'>;
};

/** The latest events of a container, and the first containers, shown before the user asks for the rest. */
export const EVENTS_SHOWN = 10;
export const CONTAINERS_SHOWN = 10;

/**
 * A container's events, oldest first (the latest EVENTS_SHOWN until the user asks for the rest); the
 * scroller takes focus, so a narrow screen scrolls it by keyboard too.
 */
function ContainerEvents({ container, events }: ContainerUpdates) {
  const captionId = useId();
  const { part, rest, showRest, listRef } = useListRest<TrackingEvent, HTMLDivElement>(events, EVENTS_SHOWN, 'latest');
  return (
    <div ref={listRef} className={styles.container} role="region" aria-labelledby={captionId} tabIndex={0}>
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
          {part.map((event, index) => (
            <tr key={`${rest + index}-${event.date}-${event.type}`}>
              <td className={styles.date} data-label={WEB_TEXTS.shipment.eventDate}>
                {formatEventDate(event.date)}
              </td>
              <td data-label={WEB_TEXTS.shipment.eventType}>{event.type}</td>
              <td data-label={WEB_TEXTS.shipment.eventLocation}>{event.location}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Below the table, whose caption names the container first. */}
      <ListRestButton
        rest={rest}
        text={WEB_TEXTS.shipment.earlierEvents}
        onClick={showRest}
        className={styles.earlierEvents}
      />
    </div>
  );
}

/**
 * Per-container shipment updates: a table of tracking events for each container that has any,
 * shown only when the ETA is on or after the cut-off date (spec section 2); the first
 * CONTAINERS_SHOWN until the user asks for the rest.
 */
export function ShipmentUpdates({ shipment }: ShipmentUpdatesProps) {
  const updates = containerUpdates(shipment);
  const { part, rest, showRest, listRef } = useListRest<ContainerUpdates, HTMLDivElement>(
    updates,
    CONTAINERS_SHOWN,
    'first',
  );
  if (updates.length === 0) return null;
  return (
    <Panel title={WEB_TEXTS.shipment.updatesTitle}>
      <div ref={listRef} className={styles.containers} tabIndex={-1}>
        {part.map((each) => (
          <ContainerEvents key={each.container.id} {...each} />
        ))}
      </div>
      <ListRestButton rest={rest} text={WEB_TEXTS.shipment.moreContainers} onClick={showRest} />
    </Panel>
  );
}
