import { useCallback, useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { ShipmentListItem, ShipmentSortField } from '@clearport/contract/shipments';
import { calendarDayIn } from '@clearport/contract/calendar';
import { TEXTS } from '@clearport/contract/texts';
import { ListCell } from '../../../components/ui/list-cell.tsx';
import { ListTable, type PhoneCards } from '../../../components/ui/list-table.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { idsOf, type ListPage, type ShipmentLinkState } from '../utils/link-state.ts';
import type { ShipmentSort } from '../utils/saved-list-position.ts';
import type { ShipmentFilterParams } from '../utils/shipments-query.ts';
import { EntryCell } from './entry-cell.tsx';
import { FdaCell } from './fda-cell.tsx';
import { NextFreeDayBadge } from './next-free-day-badge.tsx';
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
  /** The company's time zone, whose day the last free days' badges count by; the user's own while unknown. */
  timeZone?: string;
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

/**
 * A phone's card: the entry, its status and an FDA hold's icon first, then ETA, containers,
 * reference (when there is one) and account. The bills are on the shipment's own page.
 */
const PHONE_CARDS: PhoneCards = {
  heading: ['file_number', 'status', 'fda_review'] satisfies ShipmentSortField[],
  fields: ['est_time_arrive', 'containers', 'customer_reference_no', 'account_no'] satisfies ShipmentSortField[],
};

const LIST_TEXTS = {
  loading: WEB_TEXTS.shipments.loadingShipments,
  empty: WEB_TEXTS.shipments.noShipments,
  failed: TEXTS.shipmentsLoadFailed,
};

/**
 * The shipments table of Home and the list (spec section 2), on the list kit: the server sorts,
 * and below 600 px the shipments show as cards, in the same order.
 */
export function ShipmentsTable({
  shipments,
  sort,
  onSortChange,
  documentTrackingAccounts,
  linkFilters,
  listPage,
  timeZone,
  highlightedId = null,
  onOpenShipment,
  isLoading,
  isRefreshing = false,
  isError = false,
  onRetry,
}: ShipmentsTableProps) {
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

  const today = calendarDayIn(new Date(), timeZone);
  const columns = useMemo(
    () => [
      column.accessor('file_number', {
        id: 'file_number' satisfies ShipmentSortField,
        size: 168,
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
        size: 96,
        header: WEB_TEXTS.shipments.columnAccountNo,
      }),
      column.accessor('master_bill_lading', {
        id: 'master_bill_lading' satisfies ShipmentSortField,
        size: 144,
        header: WEB_TEXTS.shipments.columnMasterBill,
        cell: ({ getValue }) => <ListCell values={getValue()} emptyText={TEXTS.noMasterBills} />,
      }),
      column.accessor('house_bill_lading', {
        id: 'house_bill_lading' satisfies ShipmentSortField,
        size: 128,
        header: WEB_TEXTS.shipments.columnHouseBill,
        // The spec uses the master bill's text for the house bill too.
        cell: ({ getValue }) => <ListCell values={getValue()} emptyText={TEXTS.noMasterBills} />,
      }),
      column.accessor('containers', {
        id: 'containers' satisfies ShipmentSortField,
        size: 128,
        header: WEB_TEXTS.shipments.columnContainers,
        // The nearest last free day of the containers under them (decision 0030).
        cell: ({ row, getValue }) => (
          <div className={styles.containers}>
            <ListCell values={getValue()} emptyText={TEXTS.noContainers} />
            <NextFreeDayBadge shipment={row.original} today={today} />
          </div>
        ),
      }),
      column.accessor('customer_reference_no', {
        id: 'customer_reference_no' satisfies ShipmentSortField,
        size: 112,
        header: WEB_TEXTS.shipments.columnReferenceNumber,
      }),
      column.accessor('est_time_arrive', {
        id: 'est_time_arrive' satisfies ShipmentSortField,
        size: 96,
        header: WEB_TEXTS.shipments.columnEta,
        cell: ({ getValue }) => <span className={styles.nowrap}>{formatDate(getValue())}</span>,
      }),
      column.accessor('fda_review', {
        id: 'fda_review' satisfies ShipmentSortField,
        size: 72,
        header: WEB_TEXTS.shipments.columnFda,
        cell: ({ getValue }) => <FdaCell fdaReview={getValue()} />,
      }),
      column.accessor('status', {
        id: 'status' satisfies ShipmentSortField,
        size: 176,
        header: WEB_TEXTS.shipments.columnStatus,
        cell: ({ row }) => (
          <StatusCell
            status={row.original.status}
            trackedDocuments={isTracking(row.original.account_no) ? row.original.documents_submitted : undefined}
          />
        ),
      }),
    ],
    [linkState, isTracking, onOpenShipment, today],
  );

  return (
    <ListTable
      caption={WEB_TEXTS.layout.navShipments}
      rows={shipments}
      columns={columns}
      getRowId={(row) => String(row.id)}
      sort={sort}
      onSortChange={onSortChange}
      phoneCards={PHONE_CARDS}
      highlightedRowId={highlightedId === null ? null : String(highlightedId)}
      isLoading={isLoading}
      isRefreshing={isRefreshing}
      isError={isError}
      onRetry={onRetry}
      texts={LIST_TEXTS}
    />
  );
}
