import { ENTRY_APPROVAL_TEXTS } from '@clearport/contract/customs-entry';
import {
  AWAITING_APPROVAL_BOX,
  HOME_FILTERS,
  POSSIBLE_CHARGES_BOX,
  POSSIBLE_CHARGES_LABEL,
  type BoxFilter,
} from '@clearport/contract/shipments';
import { fillText } from '@clearport/contract/texts';
import { CrossIcon } from '../../../components/ui/icons.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './home-filter-chip.module.css';

export function homeFilterLabel(filter: BoxFilter): string {
  if (filter === AWAITING_APPROVAL_BOX) return ENTRY_APPROVAL_TEXTS.awaiting;
  if (filter === POSSIBLE_CHARGES_BOX) return POSSIBLE_CHARGES_LABEL;
  return HOME_FILTERS.find((box) => box.value === filter)?.label ?? filter;
}

type HomeFilterChipProps = {
  filter: BoxFilter;
  onRemove: () => void;
};

/**
 * The Home count box the list was opened from, as a removable chip over the list, with how it
 * combines with the other filters: a shipment is listed when it matches them all.
 */
export function HomeFilterChip({ filter, onRemove }: HomeFilterChipProps) {
  const label = homeFilterLabel(filter);
  return (
    <div className={styles.boxFilter}>
      <span className={styles.chip}>
        <span className={styles.kind}>{WEB_TEXTS.shipments.boxFilterLabel}</span>
        {label}
        <button
          type="button"
          className={styles.remove}
          aria-label={fillText(WEB_TEXTS.shipments.removeBoxFilter, { filter: label })}
          title={fillText(WEB_TEXTS.shipments.removeBoxFilter, { filter: label })}
          onClick={onRemove}
        >
          <CrossIcon size={14} />
        </button>
      </span>
      <p className={styles.combines}>{WEB_TEXTS.shipments.boxFilterCombines}</p>
    </div>
  );
}
