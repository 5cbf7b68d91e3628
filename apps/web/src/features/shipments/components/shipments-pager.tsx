import { Button } from '../../../components/ui/button.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { pagerText } from '../utils/pager-text.ts';
import styles from './shipments-pager.module.css';

type ShipmentsPagerProps = {
  page: number;
  /** Undefined while the first page loads. */
  total: number | undefined;
  lastPage: number | undefined;
  onPageChange: (page: number) => void;
};

/** Previous and Next with the text shown/total (spec section 2). */
export function ShipmentsPager({ page, total, lastPage, onPageChange }: ShipmentsPagerProps) {
  return (
    <nav aria-label={WEB_TEXTS.shipments.pagination} className={styles.pager}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {WEB_TEXTS.shipments.previousPage}
      </Button>
      <p className={styles.text} aria-live="polite">
        {total === undefined ? '' : pagerText(page, total)}
      </p>
      <Button
        variant="secondary"
        disabled={lastPage === undefined || page >= lastPage}
        onClick={() => onPageChange(page + 1)}
      >
        {WEB_TEXTS.shipments.nextPage}
      </Button>
    </nav>
  );
}
