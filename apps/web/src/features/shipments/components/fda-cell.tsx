import { isFdaHold } from '@clearport/contract/shipments';
import { fillText } from '@clearport/contract/texts';
import { FailIcon } from '../../../components/ui/icons.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './fda-cell.module.css';

/** A fail icon when the FDA review is a hold: non-empty and not MAY PROCEED (spec section 2). */
export function FdaCell({ fdaReview }: { fdaReview: string }) {
  if (!isFdaHold(fdaReview)) return null;
  const name = fillText(WEB_TEXTS.shipments.fdaHold, { review: fdaReview.trim() });
  return (
    <span role="img" aria-label={name} title={name} className={styles.fail}>
      <FailIcon size={20} />
    </span>
  );
}
