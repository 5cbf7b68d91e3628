import { ENTRY_APPROVAL_TEXTS, formatCents } from '@clearport/contract/customs-entry';
import {
  AWAITING_APPROVAL_BOX,
  HOME_FILTERS,
  POSSIBLE_CHARGES_BOX,
  POSSIBLE_CHARGES_LABEL,
  type HomeShipmentsResponse,
} from '@clearport/contract/shipments';
import { fillText } from '@clearport/contract/texts';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { DashboardBox } from './dashboard-box.tsx';
import styles from './home-count-boxes.module.css';

type HomeCountBoxesProps = {
  /** Undefined while Home's reply is loading. */
  counts: HomeShipmentsResponse | undefined;
  /** Whether the company confirms 7501s (the profile's rule): the box is there before its count. */
  showsApproval: boolean;
};

/**
 * The five Home boxes, each leading to the shipments list with its filter (spec section 2,
 * Home), while the company confirms 7501s the 7501s awaiting approval with their duty, and the
 * shipments whose containers may run up demurrage or detention (decision 0030).
 */
export function HomeCountBoxes({ counts, showsApproval }: HomeCountBoxesProps) {
  const awaiting = counts?.awaiting_approval;
  const duty = awaiting?.duty_cents;
  return (
    <section aria-label={WEB_TEXTS.home.shipmentCounts}>
      <ul className={styles.boxes}>
        {HOME_FILTERS.map((box) => (
          <li key={box.value}>
            <DashboardBox link={paths.shipments.getHref(box.value)} number={counts?.[box.countKey]} text={box.label} />
          </li>
        ))}
        {showsApproval && (
          <li>
            <DashboardBox
              link={paths.shipments.getHref(AWAITING_APPROVAL_BOX)}
              number={counts && (awaiting?.count ?? 0)}
              text={ENTRY_APPROVAL_TEXTS.awaiting}
              detail={
                duty === undefined || duty === null
                  ? undefined
                  : fillText(WEB_TEXTS.home.awaitingDuty, { amount: formatCents(duty) })
              }
            />
          </li>
        )}
        <li>
          <DashboardBox
            link={paths.shipments.getHref(POSSIBLE_CHARGES_BOX)}
            number={counts?.possible_charges}
            text={POSSIBLE_CHARGES_LABEL}
          />
        </li>
      </ul>
    </section>
  );
}
