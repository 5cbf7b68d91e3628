import type { ShipmentDetail } from '@clearport/contract/shipment-detail';
import {
  HOLD_OR_EXAM_STATUSES,
  isAnyStatus,
  isStatus,
  SHIPMENT_STATUSES,
  statusDisplay,
} from '@clearport/contract/statuses';
import { TEXTS } from '@clearport/contract/texts';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDetailDate, parseApiDate } from '../../../lib/format-date.ts';
import { isPastRelease } from '../utils/shipment-steps.ts';
import styles from './shipment-steps.module.css';

type ReleaseStepProps = {
  shipment: Pick<ShipmentDetail, 'status' | 'shipment_discharge_date' | 'fda_review'>;
};

/**
 * Step 3 (spec section 4): released (and the Other statuses past it) shows the discharge date and the FDA status when present,
 * PENDING RELEASE shows Shipment is Awaiting Release, a hold or exam its status text; any other
 * status is shown as the list shows it.
 */
export function ReleaseStep({ shipment }: ReleaseStepProps) {
  const { status } = shipment;
  if (isPastRelease(shipment)) {
    const items: DetailItem[] = [];
    if (parseApiDate(shipment.shipment_discharge_date)) {
      items.push({
        label: WEB_TEXTS.shipment.dischargeDateLabel,
        value: formatDetailDate(shipment.shipment_discharge_date),
      });
    }
    if (shipment.fda_review.trim() !== '')
      items.push({ label: WEB_TEXTS.shipment.fdaLabel, value: shipment.fda_review });
    return (
      <div className={styles.release}>
        <p className={styles.releaseText}>{statusDisplay(status)}</p>
        {items.length > 0 && <DetailList items={items} />}
      </div>
    );
  }
  const text = isStatus(status, SHIPMENT_STATUSES.pendingRelease)
    ? TEXTS.shipmentAwaitingRelease
    : isAnyStatus(status, HOLD_OR_EXAM_STATUSES)
      ? status
      : statusDisplay(status);
  return <p className={styles.releaseText}>{text}</p>;
}
