import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type SortDirection as ColumnSortDirection,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { paidLabel, type Invoice, type InvoiceSortField } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { SortIcon } from '../../../components/ui/icons.tsx';
import { ListCell } from '../../../components/ui/list-cell.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatAmount, formatDueDate, formatInvoiceDate } from '../utils/format-invoice.ts';
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

function ariaSortOf(direction: ColumnSortDirection | false): 'ascending' | 'descending' | undefined {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return undefined;
}

const COLUMNS = [
  column.accessor('invoice_number', {
    id: 'invoice_number' satisfies InvoiceSortField,
    header: WEB_TEXTS.billing.columnInvoiceNumber,
    cell: ({ row }) => (
      <Link to={paths.invoice.getHref(row.original.id)} className={styles.nowrap}>
        {row.original.invoice_number || String(row.original.id)}
      </Link>
    ),
  }),
  column.accessor('file_number', {
    id: 'file_number' satisfies InvoiceSortField,
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
    header: WEB_TEXTS.billing.columnAccount,
  }),
  column.accessor('master_bill_lading', {
    id: 'master_bill_lading' satisfies InvoiceSortField,
    header: WEB_TEXTS.shipments.columnMasterBill,
    cell: ({ getValue }) => (
      <ListCell values={getValue() ? getValue().split(', ') : []} emptyText={TEXTS.noMasterBills} />
    ),
  }),
  column.accessor('containers', {
    id: 'containers' satisfies InvoiceSortField,
    header: WEB_TEXTS.billing.columnInvoiceContainers,
    cell: ({ getValue }) => <ListCell values={getValue()} emptyText={TEXTS.noContainers} />,
  }),
  column.accessor('customer_reference_no', {
    id: 'customer_reference_no' satisfies InvoiceSortField,
    header: WEB_TEXTS.billing.columnCustomerReference,
  }),
  column.accessor('created_at', {
    id: 'created_at' satisfies InvoiceSortField,
    header: WEB_TEXTS.billing.columnInvoiceDate,
    cell: ({ getValue }) => <span className={styles.nowrap}>{formatInvoiceDate(getValue())}</span>,
  }),
  column.accessor('amount', {
    id: 'amount' satisfies InvoiceSortField,
    header: WEB_TEXTS.billing.columnAmount,
    cell: ({ getValue }) => <span className={styles.amount}>{formatAmount(getValue())}</span>,
  }),
  column.accessor('due_date', {
    id: 'due_date' satisfies InvoiceSortField,
    header: WEB_TEXTS.billing.columnDueDate,
    cell: ({ row }) => (
      <span className={row.original.is_overdue ? styles.overdue : styles.nowrap}>
        {formatDueDate(row.original.due_date)}
        {row.original.is_overdue === 1 && ` (${TEXTS.overdue})`}
      </span>
    ),
  }),
  column.accessor('is_paid', {
    id: 'is_paid' satisfies InvoiceSortField,
    header: WEB_TEXTS.billing.columnPaid,
    cell: ({ getValue }) => (
      <span className={getValue() === 1 ? styles.paid : styles.notPaid}>{paidLabel(getValue())}</span>
    ),
  }),
];

/** The invoice table (spec section 2). The server sorts: a header asks for its column ascending, then flips. */
export function InvoicesTable({
  invoices,
  sort,
  onSortChange,
  isLoading,
  isRefreshing = false,
  isError = false,
  onRetry,
}: InvoicesTableProps) {
  const captionId = useId();
  const sorting: SortingState = [{ id: sort.field, desc: sort.direction === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [first] = typeof updater === 'function' ? updater(sorting) : updater;
    if (first) onSortChange({ field: first.id as InvoiceSortField, direction: first.desc ? 'desc' : 'asc' });
  };

  // TanStack Table's functions are meant to be called again on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: invoices as Invoice[],
    columns: COLUMNS,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
  });

  const rows = table.getRowModel().rows;
  let message: ReactNode = null;
  if (rows.length === 0) {
    if (isLoading) {
      message = (
        <span role="status" className={styles.loading}>
          <span className={styles.spinner} aria-hidden="true" />
          {WEB_TEXTS.billing.loadingInvoices}
        </span>
      );
    } else if (isError) {
      message = (
        <span className={styles.failed}>
          {TEXTS.genericError}
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {WEB_TEXTS.common.tryAgain}
            </Button>
          )}
        </span>
      );
    } else {
      message = TEXTS.noInvoicesFound;
    }
  }

  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-busy={isLoading || isRefreshing || undefined}>
        <caption id={captionId} className="visually-hidden">
          {WEB_TEXTS.billing.invoicesCaption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => {
                const direction = header.column.getIsSorted();
                return (
                  <th key={header.id} scope="col" aria-sort={ariaSortOf(direction)}>
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <SortIcon sortDirection={direction} size={14} />
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={isRefreshing ? styles.refreshing : undefined}>
          {rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {message !== null && (
            <tr>
              <td colSpan={COLUMNS.length} className={styles.message}>
                {message}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
