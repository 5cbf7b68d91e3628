import { HOME_FILTERS, type HomeCounts } from '@clearport/contract/shipments';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { DashboardBox } from './dashboard-box.tsx';
import styles from './home-count-boxes.module.css';

type HomeCountBoxesProps = {
  /** Undefined while Home's reply is loading. */
  counts: HomeCounts | undefined;
};

/** The five Home boxes, each leading to the shipments list with its filter (spec section 2, Home). */
export function HomeCountBoxes({ counts }: HomeCountBoxesProps) {
  return (
    <section aria-label={WEB_TEXTS.home.shipmentCounts}>
      <ul className={styles.boxes}>
        {HOME_FILTERS.map((box) => (
          <li key={box.value}>
            <DashboardBox link={paths.shipments.getHref(box.value)} number={counts?.[box.countKey]} text={box.label} />
          </li>
        ))}
      </ul>
    </section>
  );
}
