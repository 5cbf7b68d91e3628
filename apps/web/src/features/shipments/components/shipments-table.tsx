import { useCallback, useId, useMemo, type ReactNode } from 'react';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type SortDirection as ColumnSortDirection,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { ShipmentListItem, ShipmentSortField } from '@clearport/contract/shipments';
import { TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { SortIcon } from '../../../components/ui/icons.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useIsNarrowLayout } from '../../../hooks/use-media-query.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { idsOf, type ListPage, type ShipmentLinkState } from '../utils/link-state.ts';
import type { ShipmentSort } from '../utils/saved-list-position.ts';
import type { ShipmentFilterParams } from '../utils/shipments-query.ts';
import { EntryCell } from './entry-cell.tsx';
import { FdaCell } from './fda-cell.tsx';
import { ListCell } from '../../../components/ui/list-cell.tsx';
import { ShipmentCards } from './shipment-cards.tsx';
import { StatusCell } from './status-cell.tsx';
import styles from './shipments-table.module.css';

type ShipmentsTableProps = {
  shipments: readonly ShipmentListItem[];
  /** The server's order. Without it the columns are not sortable (Home's list has one order). */
  sort?: ShipmentSort;
  onSortChange?: (sort: ShipmentSort) => void;
  /** The per-document accounts (profile); undefined while unknown, when neither display shows. */
  documentTrackingAccounts: ReadonlySet<string> | undefined;
  /** The filters the rows were found with, handed to the shipment page. */
  linkFilters: ShipmentFilterParams;
  /** The list page the rows are, for the shipment page to step across pages; Home has none. */
  listPage?: ListPage;
  /** The row to highlight: the shipment last opened from the list. */
  highlightedId?: number | null;
  /** Runs when an Entry Number link is followed. */
  onOpenShipment?: (shipmentId: number) => void;
  /** No rows yet: the first load. */
  isLoading: boolean;
  /** Rows of the previous request are shown while the next one loads. */
  isRefreshing?: boolean;
  /** The load failed and there are no rows to show. */
  isError?: boolean;
  onRetry?: () => void;
};

const column = createColumnHelper<ShipmentListItem>();

/** Only one column at a time has aria-sort (https://www.w3.org/TR/wai-aria-1.2/#aria-sort). */
function ariaSortOf(direction: ColumnSortDirection | false): 'ascending' | 'descending' | undefined {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return undefined;
}

/**
 * The shipments table of Home and the list (spec section 2). The server sorts (manualSorting):
 * a header button asks for its column ascending, then flips the direction. Below 600 px the
 * shipments show as cards, in the same order.
 */
export function ShipmentsTable({
  shipments,
  sort,
  onSortChange,
  documentTrackingAccounts,
  linkFilters,
  listPage,
  highlightedId = null,
  onOpenShipment,
  isLoading,
  isRefreshing = false,
  isError = false,
  onRetry,
}: ShipmentsTableProps) {
  const captionId = useId();
  const isNarrow = useIsNarrowLayout();

  const linkState = useMemo(
    (): ShipmentLinkState => ({
      ids: idsOf(shipments),
      filters: linkFilters,
      ...(listPage ? { list: listPage } : {}),
    }),
    [shipments, linkFilters, listPage],
  );
  const isTracking = useCallback(
    (accountNo: string) => documentTrackingAccounts?.has(accountNo),
    [documentTrackingAccounts],
  );

  const columns = useMemo(
    () => [
      column.accessor('file_number', {
        id: 'file_number' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnEntryNumber,
        cell: ({ row }) => (
          <EntryCell
            shipment={row.original}
            hasDocumentTooltip={isTracking(row.original.account_no) === false}
            linkState={linkState}
            onOpen={onOpenShipment}
          />
        ),
      }),
      column.accessor('account_no', {
        id: 'account_no' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnAccountNo,
      }),
      column.accessor('master_bill_lading', {
        id: 'master_bill_lading' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnMasterBill,
        cell: ({ getValue }) => <ListCell values={getValue()} emptyText={TEXTS.noMasterBills} />,
      }),
      column.accessor('house_bill_lading', {
        id: 'house_bill_lading' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnHouseBill,
        // The spec uses the master bill's text for the house bill too.
        cell: ({ getValue }) => <ListCell values={getValue()} emptyText={TEXTS.noMasterBills} />,
      }),
      column.accessor('containers', {
        id: 'containers' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnContainers,
        cell: ({ getValue }) => <ListCell values={getValue()} emptyText={TEXTS.noContainers} />,
      }),
      column.accessor('customer_reference_no', {
        id: 'customer_reference_no' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnReferenceNumber,
      }),
      column.accessor('est_time_arrive', {
        id: 'est_time_arrive' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnEta,
        cell: ({ getValue }) => <span className={styles.nowrap}>{formatDate(getValue())}</span>,
      }),
      column.accessor('fda_review', {
        id: 'fda_review' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnFda,
        cell: ({ getValue }) => <FdaCell fdaReview={getValue()} />,
      }),
      column.accessor('status', {
        id: 'status' satisfies ShipmentSortField,
        header: WEB_TEXTS.shipments.columnStatus,
        cell: ({ row }) => (
          <StatusCell
            status={row.original.status}
            trackedDocuments={isTracking(row.original.account_no) ? row.original.documents_submitted : undefined}
          />
        ),
      }),
    ],
    [linkState, isTracking, onOpenShipment],
  );

  const sorting: SortingState = sort ? [{ id: sort.field, desc: sort.direction === 'desc' }] : [];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [first] = typeof updater === 'function' ? updater(sorting) : updater;
    if (first && onSortChange) {
      onSortChange({ field: first.id as ShipmentSortField, direction: first.desc ? 'desc' : 'asc' });
    }
  };

  // The rule guards React Compiler memoization, which this project does not use; TanStack Table's
  // functions are meant to be called again on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: shipments as ShipmentListItem[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableSorting: sort !== undefined,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
  });

  const rows = table.getRowModel().rows;
  const columnCount = columns.length;
  let message: ReactNode = null;
  if (rows.length === 0) {
    if (isLoading) {
      message = (
        <span role="status" className={styles.loading}>
          <span className={styles.spinner} aria-hidden="true" />
          {WEB_TEXTS.shipments.loadingShipments}
        </span>
      );
    } else if (isError) {
      message = (
        <span className={styles.failed}>
          {TEXTS.shipmentsLoadFailed}
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {WEB_TEXTS.common.tryAgain}
            </Button>
          )}
        </span>
      );
    } else {
      message = WEB_TEXTS.shipments.noShipments;
    }
  }

  if (isNarrow) {
    return (
      <ShipmentCards
        shipments={shipments}
        sort={sort}
        sortColumns={columns.map((each) => ({ field: each.id as ShipmentSortField, label: each.header as string }))}
        onSortChange={onSortChange}
        isTracking={isTracking}
        linkState={linkState}
        highlightedId={highlightedId}
        onOpenShipment={onOpenShipment}
        message={message}
        isBusy={isLoading || isRefreshing}
        isRefreshing={isRefreshing}
      />
    );
  }

  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-busy={isLoading || isRefreshing || undefined}>
        <caption id={captionId} className="visually-hidden">
          {WEB_TEXTS.layout.navShipments}
        </caption>
        <thead>
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => {
                const direction = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th key={header.id} scope="col" aria-sort={ariaSortOf(direction)}>
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {label}
                        <SortIcon sortDirection={direction} size={14} />
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={isRefreshing ? styles.refreshing : undefined}>
          {rows.map((row) => (
            <tr
              key={row.id}
              className={row.original.id === highlightedId ? styles.highlighted : undefined}
              data-highlighted={row.original.id === highlightedId || undefined}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {message !== null && (
            <tr>
              <td colSpan={columnCount} className={isLoading ? `${styles.message} ${styles.pending}` : styles.message}>
                {message}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
