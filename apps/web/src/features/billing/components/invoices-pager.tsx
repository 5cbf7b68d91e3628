import { INVOICES_PAGE_SIZE } from '@clearport/contract/invoices';
import { Button } from '../../../components/ui/button.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './invoices-pager.module.css';

type InvoicesPagerProps = {
  page: number;
  /** Undefined while the first page loads. */
  total: number | undefined;
  lastPage: number | undefined;
  onPageChange: (page: number) => void;
};

/** Previous and Next with shown/total, as the shipments list's pager. */
export function InvoicesPager({ page, total, lastPage, onPageChange }: InvoicesPagerProps) {
  return (
    <nav aria-label={WEB_TEXTS.shipments.pagination} className={styles.pager}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {WEB_TEXTS.shipments.previousPage}
      </Button>
      <p className={styles.text} aria-live="polite">
        {total === undefined ? '' : `${Math.min(INVOICES_PAGE_SIZE * page, total)}/${total}`}
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
