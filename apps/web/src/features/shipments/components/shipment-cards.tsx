import { useId, type ReactNode } from 'react';
import type { ShipmentListItem, ShipmentSortField } from '@clearport/contract/shipments';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { ListCell } from '../../../components/ui/list-cell.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDate } from '../../../lib/format-date.ts';
import type { ShipmentLinkState } from '../utils/link-state.ts';
import type { ShipmentSort } from '../utils/saved-list-position.ts';
import { EntryCell } from './entry-cell.tsx';
import { StatusCell } from './status-cell.tsx';
import styles from './shipment-cards.module.css';

type ShipmentCardsProps = {
  shipments: readonly ShipmentListItem[];
  /** The server's order, and the columns it can be by; without it there is no Sort by (Home). */
  sort?: ShipmentSort;
  sortColumns: readonly { field: ShipmentSortField; label: string }[];
  onSortChange?: (sort: ShipmentSort) => void;
  /** Whether an account tracks documents one by one; undefined while unknown. */
  isTracking: (accountNo: string) => boolean | undefined;
  linkState: ShipmentLinkState;
  highlightedId: number | null;
  onOpenShipment?: (shipmentId: number) => void;
  /** Loading, failed or empty: shown instead of the cards. */
  message: ReactNode;
  isBusy: boolean;
  isRefreshing: boolean;
};

/**
 * The shipments as cards, for a phone: the entry and its status first, then ETA, containers and
 * reference, in the order the list has them. The other columns are on the shipment's own page.
 */
export function ShipmentCards({
  shipments,
  sort,
  sortColumns,
  onSortChange,
  isTracking,
  linkState,
  highlightedId,
  onOpenShipment,
  message,
  isBusy,
  isRefreshing,
}: ShipmentCardsProps) {
  const labels = WEB_TEXTS.shipments;
  const sortId = useId();
  return (
    <div className={styles.cards} aria-busy={isBusy || undefined}>
      {sort && onSortChange && (
        <p className={styles.sort}>
          <label htmlFor={sortId}>{labels.sortBy}</label>
          <select
            id={sortId}
            value={`${sort.field} ${sort.direction}`}
            onChange={(event) => {
              const [field, direction] = event.target.value.split(' ') as [
                ShipmentSortField,
                ShipmentSort['direction'],
              ];
              onSortChange({ field, direction });
            }}
          >
            {sortColumns.flatMap(({ field, label }) => [
              <option key={`${field} asc`} value={`${field} asc`}>
                {fillText(labels.sortAscending, { column: label })}
              </option>,
              <option key={`${field} desc`} value={`${field} desc`}>
                {fillText(labels.sortDescending, { column: label })}
              </option>,
            ])}
          </select>
        </p>
      )}
      {message !== null ? (
        <p className={styles.message}>{message}</p>
      ) : (
        <ul
          aria-label={WEB_TEXTS.layout.navShipments}
          className={isRefreshing ? `${styles.list} ${styles.refreshing}` : styles.list}
        >
          {shipments.map((shipment) => (
            <li
              key={shipment.id}
              className={shipment.id === highlightedId ? `${styles.card} ${styles.highlighted}` : styles.card}
              data-highlighted={shipment.id === highlightedId || undefined}
            >
              <div className={styles.heading}>
                <EntryCell
                  shipment={shipment}
                  hasDocumentTooltip={isTracking(shipment.account_no) === false}
                  linkState={linkState}
                  onOpen={onOpenShipment}
                />
                <StatusCell
                  status={shipment.status}
                  trackedDocuments={isTracking(shipment.account_no) ? shipment.documents_submitted : undefined}
                />
              </div>
              <dl className={styles.fields}>
                <dt>{labels.columnEta}</dt>
                <dd>{formatDate(shipment.est_time_arrive)}</dd>
                <dt>{labels.columnContainers}</dt>
                <dd>
                  <ListCell values={shipment.containers} emptyText={TEXTS.noContainers} />
                </dd>
                {shipment.customer_reference_no && (
                  <>
                    <dt>{labels.columnReferenceNumber}</dt>
                    <dd>{shipment.customer_reference_no}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
