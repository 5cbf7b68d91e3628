import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { paidLabel, type Invoice } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { usePaymentInstructions } from '../api/get-payment-instructions.ts';
import { saveBlob } from '../../../lib/files.ts';
import { getInvoiceBackup } from '../api/invoice-files.ts';
import { formatAmount, formatInvoiceDay } from '../utils/format-invoice.ts';
import { InvoicePdf } from './invoice-pdf.tsx';
import { PaymentInstructionsPanel } from './payment-instructions.tsx';
import styles from './invoice-view.module.css';

function BackupButton({ invoice }: { invoice: Invoice }) {
  const [isLoading, setIsLoading] = useState(false);
  const onDownload = async () => {
    setIsLoading(true);
    try {
      const blob = await getInvoiceBackup(invoice.id);
      const extension = invoice.backup?.slice(invoice.backup.lastIndexOf('.') + 1) ?? 'pdf';
      saveBlob(blob, `Invoice ${invoice.invoice_number || invoice.id} backup.${extension}`);
    } catch {
      toast.error(TEXTS.genericError, { toastId: TEXTS.genericError });
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <Button variant="secondary" isPending={isLoading} onClick={() => void onDownload()}>
      {TEXTS.downloadBackup}
    </Button>
  );
}

/** The invoice page (spec section 2): its facts and PDF on the left, how to pay on the right. */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const instructionsQuery = usePaymentInstructions();
  const facts: Array<[string, string]> = [
    [WEB_TEXTS.billing.columnAccount, invoice.account_no],
    [WEB_TEXTS.billing.columnFileNumber, invoice.file_number],
    [WEB_TEXTS.billing.columnInvoiceDate, formatInvoiceDay(invoice.invoice_date)],
    [WEB_TEXTS.billing.columnAmount, formatAmount(invoice.amount)],
    [WEB_TEXTS.billing.columnDueDate, formatInvoiceDay(invoice.due_date)],
    [
      WEB_TEXTS.billing.columnPaid,
      invoice.is_overdue ? `${paidLabel(invoice.is_paid)} (${TEXTS.overdue})` : paidLabel(invoice.is_paid),
    ],
  ];
  return (
    <div className={styles.columns}>
      <div className={styles.document}>
        <section aria-label={WEB_TEXTS.billing.invoiceDetails} className={styles.facts}>
          <dl className={styles.factList}>
            {facts
              .filter(([, value]) => value !== '')
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <div className={styles.actions}>
            {invoice.backup && <BackupButton invoice={invoice} />}
            {invoice.shipment && <Link to={paths.shipment.getHref(invoice.shipment.id)}>{TEXTS.viewShipment}</Link>}
          </div>
        </section>
        {invoice.path && <InvoicePdf id={invoice.id} number={invoice.invoice_number || String(invoice.id)} />}
      </div>
      <PaymentInstructionsPanel instructions={instructionsQuery.data?.payment_instructions} />
    </div>
  );
}
