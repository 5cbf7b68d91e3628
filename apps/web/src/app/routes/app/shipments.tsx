import { useDeferredValue, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { ShipmentListItem } from '@clearport/contract/shipments';
import { fillText } from '@clearport/contract/texts';
import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { companyTimeZoneOf, useProfile } from '../../../features/auth/api/get-profile.ts';
import { profileAccountsOf } from '../../../features/auth/utils/profile-accounts.ts';
import { useShipments } from '../../../features/shipments/api/get-shipments.ts';
import { HomeFilterChip, homeFilterLabel } from '../../../features/shipments/components/home-filter-chip.tsx';
import { ShipmentsFilters } from '../../../features/shipments/components/shipments-filters.tsx';
import { ShipmentsTable } from '../../../features/shipments/components/shipments-table.tsx';
import { useReturnPoint } from '../../../features/shipments/hooks/use-return-point.ts';
import { useShipmentsList } from '../../../features/shipments/hooks/use-shipments-list.ts';
import { clearSavedFilters } from '../../../features/shipments/utils/saved-filters.ts';
import { filterParamsOf } from '../../../features/shipments/utils/shipments-query.ts';

const NO_ACCOUNTS: string[] = [];
const NO_SHIPMENTS: ShipmentListItem[] = [];

/**
 * The shipments list (spec section 2): filters, the server-sorted table and the pager. A Home
 * count box's filter (`?filter=`) shows as a removable chip and in the tab's title.
 */
export function ShipmentsRoute() {
  const list = useShipmentsList();
  const shipmentsQuery = useShipments(list.query);
  const accountsQuery = useProfile({ select: profileAccountsOf });
  const timeZone = useProfile({ select: companyTimeZoneOf }).data;
  // The rows wait for the accounts too: an account's document tracking decides what its rows show,
  // and rows drawn before it would grow under the reader when it came.
  const isWaiting = shipmentsQuery.isPending || accountsQuery.isPending;
  const reply = shipmentsQuery.data;
  const rows = isWaiting ? NO_SHIPMENTS : (reply?.data ?? NO_SHIPMENTS);
  // The rows are drawn in a render React can pause for input, not in one long task (a phone's
  // cards at Lighthouse's 4x CPU slowdown took 100-340 ms); the skeleton stays until they are.
  const shownRows = useDeferredValue(rows);
  const isDrawing = shownRows !== rows;
  // The return point's scroll and highlight wait for the rows drawn, not only received.
  const { highlightedId, rememberReturnPoint } = useReturnPoint(
    shipmentsQuery.isSuccess && !shipmentsQuery.isPlaceholderData && !isDrawing,
  );

  const linkFilters = useMemo(() => filterParamsOf(list.filters, list.filter), [list.filters, list.filter]);
  const isCurrent = reply !== undefined && !shipmentsQuery.isPlaceholderData;
  const listPage = useMemo(
    () =>
      reply && isCurrent
        ? {
            query: list.query,
            total: reply.pagination.total,
            lastPage: reply.pagination.last_page,
            cursors: reply.pagination.cursors,
          }
        : undefined,
    [reply, isCurrent, list.query],
  );
  const navigate = useNavigate();
  const title = WEB_TEXTS.layout.navShipments;

  return (
    <>
      <PageHeader
        title={title}
        documentTitle={
          list.filter
            ? fillText(WEB_TEXTS.shipments.filteredTitle, { title, filter: homeFilterLabel(list.filter) })
            : title
        }
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome, onClick: clearSavedFilters },
          { link: paths.shipments.getHref(), title: WEB_TEXTS.layout.navShipments },
        ]}
      />
      <PageBody>
        {list.filter && (
          <HomeFilterChip filter={list.filter} onRemove={() => void navigate(paths.shipments.getHref())} />
        )}
        <ShipmentsFilters
          filters={list.filters}
          accounts={accountsQuery.data?.accountNumbers ?? NO_ACCOUNTS}
          onChange={list.setFilters}
          hasEntryFilters
        />
        <ShipmentsTable
          shipments={shownRows}
          sort={list.sort}
          onSortChange={list.setSort}
          documentTrackingAccounts={accountsQuery.data?.documentTrackingAccounts}
          linkFilters={linkFilters}
          listPage={listPage}
          timeZone={timeZone}
          highlightedId={highlightedId}
          onOpenShipment={rememberReturnPoint}
          isLoading={isWaiting || (isDrawing && shownRows === NO_SHIPMENTS)}
          isRefreshing={shipmentsQuery.isPlaceholderData || isDrawing}
          isError={shipmentsQuery.isError}
          onRetry={() => void shipmentsQuery.refetch()}
        />
        <ListPager
          page={list.page}
          pageSize={SHIPMENTS_PAGE_SIZE}
          total={reply?.pagination.total}
          lastPage={reply?.pagination.last_page}
          cursors={isCurrent ? reply.pagination.cursors : undefined}
          onPageChange={list.setPage}
        />
      </PageBody>
    </>
  );
}
