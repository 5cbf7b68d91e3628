import { useMemo } from 'react';
import type { ShipmentListItem } from '@clearport/contract/shipments';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useProfile } from '../../../features/auth/api/get-profile.ts';
import { profileAccountsOf } from '../../../features/auth/utils/profile-accounts.ts';
import { useShipments } from '../../../features/shipments/api/get-shipments.ts';
import { ShipmentsFilters } from '../../../features/shipments/components/shipments-filters.tsx';
import { ShipmentsPager } from '../../../features/shipments/components/shipments-pager.tsx';
import { ShipmentsTable } from '../../../features/shipments/components/shipments-table.tsx';
import { useReturnPoint } from '../../../features/shipments/hooks/use-return-point.ts';
import { useShipmentsList } from '../../../features/shipments/hooks/use-shipments-list.ts';
import { clearSavedFilters } from '../../../features/shipments/utils/saved-filters.ts';
import { filterParamsOf } from '../../../features/shipments/utils/shipments-query.ts';

const NO_ACCOUNTS: string[] = [];
const NO_SHIPMENTS: ShipmentListItem[] = [];

/** The shipments list (spec section 2): filters, the server-sorted table and the pager. */
export function ShipmentsRoute() {
  const list = useShipmentsList();
  const shipmentsQuery = useShipments(list.query);
  const accountsQuery = useProfile({ select: profileAccountsOf });
  const { highlightedId, rememberReturnPoint } = useReturnPoint(
    shipmentsQuery.isSuccess && !shipmentsQuery.isPlaceholderData,
  );

  const linkFilters = useMemo(() => filterParamsOf(list.filters, list.filter), [list.filters, list.filter]);
  const reply = shipmentsQuery.data;

  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navShipments}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome, onClick: clearSavedFilters },
          { link: paths.shipments.getHref(), title: WEB_TEXTS.layout.navShipments },
        ]}
      />
      <PageBody>
        <ShipmentsFilters
          filters={list.filters}
          accounts={accountsQuery.data?.accountNumbers ?? NO_ACCOUNTS}
          onChange={list.setFilters}
        />
        <ShipmentsTable
          shipments={reply?.data ?? NO_SHIPMENTS}
          sort={list.sort}
          onSortChange={list.setSort}
          documentTrackingAccounts={accountsQuery.data?.documentTrackingAccounts}
          linkFilters={linkFilters}
          highlightedId={highlightedId}
          onOpenShipment={rememberReturnPoint}
          isLoading={shipmentsQuery.isPending}
          isRefreshing={shipmentsQuery.isPlaceholderData}
          isError={shipmentsQuery.isError}
          onRetry={() => void shipmentsQuery.refetch()}
        />
        <ShipmentsPager
          page={list.page}
          total={reply?.pagination.total}
          lastPage={reply?.pagination.last_page}
          onPageChange={list.setPage}
        />
      </PageBody>
    </>
  );
}
