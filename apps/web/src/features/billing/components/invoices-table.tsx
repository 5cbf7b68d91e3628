import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { paidLabel, type Invoice, type InvoiceSortField } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { ListCell } from '../../../components/ui/list-cell.tsx';
import { ListTable, type PhoneCards } from '../../../components/ui/list-table.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatAmount, formatInvoiceDay } from '../utils/format-invoice.ts';
import type { InvoiceSort } from '../utils/saved-billing-list.ts';
import styles from './invoices-table.module.css';

type InvoicesTableProps = {
  invoices: readonly Invoice[];
  sort: InvoiceSort;
  onSortChange: (sort: InvoiceSort) => void;
  isLoading: boolean;
  isRefreshing?: boolean;
  isError?: boolean;
  onRetry?: () => void;
};

const column = createColumnHelper<Invoice>();

const COLUMNS = [
  column.accessor('invoice_number', {
    id: 'invoice_number' satisfies InvoiceSortField,
    size: 96,
    header: WEB_TEXTS.billing.columnInvoiceNumber,
    cell: ({ row }) => (
      <Link to={paths.invoice.getHref(row.original.id)} className={styles.nowrap}>
        {row.original.invoice_number || String(row.original.id)}
      </Link>
    ),
  }),
  column.accessor('file_number', {
    id: 'file_number' satisfies InvoiceSortField,
    size: 132,
    header: WEB_TEXTS.billing.columnFileNumber,
    cell: ({ row }) =>
      row.original.shipment ? (
        <Link to={paths.shipment.getHref(row.original.shipment.id)} className={styles.nowrap}>
          {row.original.file_number}
        </Link>
      ) : (
        row.original.file_number
      ),
  }),
  column.accessor('account_no', {
    id: 'account_no' satisfies InvoiceSortField,
    size: 96,
    header: WEB_TEXTS.billing.columnAccount,
  }),
  column.accessor('master_bill_lading', {
    id: 'master_bill_lading' satisfies InvoiceSortField,
    size: 144,
    header: WEB_TEXTS.billing.columnMasterBill,
    cell: ({ getValue }) => (
      <ListCell values={getValue() ? getValue().split(', ') : []} emptyText={TEXTS.noMasterBills} />
    ),
  }),
  column.accessor('containers', {
    id: 'containers' satisfies InvoiceSortField,
    size: 128,
    header: WEB_TEXTS.billing.columnInvoiceContainers,
    cell: ({ getValue }) => <ListCell values={getValue()} emptyText={TEXTS.noContainers} />,
  }),
  column.accessor('customer_reference_no', {
    id: 'customer_reference_no' satisfies InvoiceSortField,
    size: 112,
    header: WEB_TEXTS.billing.columnCustomerReference,
  }),
  column.accessor('created_at', {
    id: 'created_at' satisfies InvoiceSortField,
    size: 104,
    header: WEB_TEXTS.billing.columnInvoiceDate,
    // Sorted by the instant, shown as the company's day the invoice's PDF prints.
    cell: ({ row }) => <span className={styles.nowrap}>{formatInvoiceDay(row.original.invoice_date)}</span>,
  }),
  column.accessor('amount', {
    id: 'amount' satisfies InvoiceSortField,
    size: 104,
    meta: { align: 'end' },
    header: WEB_TEXTS.billing.columnAmount,
    cell: ({ getValue }) => <span className={styles.amount}>{formatAmount(getValue())}</span>,
  }),
  column.accessor('due_date', {
    id: 'due_date' satisfies InvoiceSortField,
    size: 112,
    header: WEB_TEXTS.billing.columnDueDate,
    cell: ({ row }) => (
      <span className={row.original.is_overdue ? styles.overdue : styles.nowrap}>
        {formatInvoiceDay(row.original.due_date)}
        {row.original.is_overdue === 1 && ` (${TEXTS.overdue})`}
      </span>
    ),
  }),
  column.accessor('is_paid', {
    id: 'is_paid' satisfies InvoiceSortField,
    size: 92,
    header: WEB_TEXTS.billing.columnPaid,
    cell: ({ getValue }) => (
      <span className={getValue() === 1 ? styles.paid : styles.notPaid}>{paidLabel(getValue())}</span>
    ),
  }),
];

/**
 * A phone's card: the invoice and whether it is paid first, then what is owed and by when, the
 * invoice's date and what it is for. The account and reference are in the search and on the invoice.
 */
const PHONE_CARDS: PhoneCards = {
  heading: ['invoice_number', 'is_paid'] satisfies InvoiceSortField[],
  fields: ['amount', 'due_date', 'created_at', 'file_number', 'containers'] satisfies InvoiceSortField[],
};

const LIST_TEXTS = { loading: WEB_TEXTS.billing.loadingInvoices, empty: TEXTS.noInvoicesFound };

/**
 * The invoice table (spec section 2), on the list kit. The server sorts: a header asks for its
 * column ascending, then flips. Below 600 px the invoices show as cards, in the same order.
 */
export function InvoicesTable({
  invoices,
  sort,
  onSortChange,
  isLoading,
  isRefreshing = false,
  isError = false,
  onRetry,
}: InvoicesTableProps) {
  return (
    <ListTable
      caption={WEB_TEXTS.billing.invoicesCaption}
      rows={invoices}
      columns={COLUMNS}
      getRowId={(row) => String(row.id)}
      sort={sort}
      onSortChange={onSortChange}
      phoneCards={PHONE_CARDS}
      isLoading={isLoading}
      isRefreshing={isRefreshing}
      isError={isError}
      onRetry={onRetry}
      texts={LIST_TEXTS}
    />
  );
}
