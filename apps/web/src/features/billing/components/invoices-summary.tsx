import { formatUsd, type InvoicesExportQuery } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { ExportInvoicesButton } from './export-invoices-button.tsx';
import styles from './invoices-summary.module.css';

type InvoicesSummaryProps = {
  /** What the filtered invoices still owe; undefined while the first page loads. */
  openTotal: string | undefined;
  query: Partial<InvoicesExportQuery>;
};

/** Above the table: the open total of what is filtered, and its CSV export. */
export function InvoicesSummary({ openTotal, query }: InvoicesSummaryProps) {
  return (
    <div className={styles.summary}>
      <p className={styles.openTotal} aria-live="polite">
        {openTotal !== undefined && (
          <>
            {TEXTS.openTotal}: <strong>{formatUsd(openTotal)}</strong>
          </>
        )}
      </p>
      <ExportInvoicesButton query={query} />
    </div>
  );
}
