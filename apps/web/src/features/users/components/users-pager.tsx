import { SUBUSERS_PAGE_SIZE } from '@clearport/contract/subusers';
import { Button } from '../../../components/ui/button.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './users-table.module.css';

type UsersPagerProps = {
  page: number;
  total: number | undefined;
  lastPage: number | undefined;
  onPageChange: (page: number) => void;
};

/** Previous and Next with shown/total, as the shipments list pages. */
export function UsersPager({ page, total, lastPage, onPageChange }: UsersPagerProps) {
  return (
    <nav aria-label={WEB_TEXTS.shipments.pagination} className={styles.pager}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {WEB_TEXTS.shipments.previousPage}
      </Button>
      <p className={styles.pagerText} aria-live="polite">
        {total === undefined ? '' : `${Math.min(SUBUSERS_PAGE_SIZE * page, total)}/${total}`}
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
