import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { HOME_QUERY_DEBOUNCE_MS } from '@clearport/contract/constants';
import type { ProfileResponse } from '@clearport/contract/auth';
import type { ShipmentListItem } from '@clearport/contract/shipments';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadingBody } from '../../../components/ui/loading-page.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { companyTimeZoneOf, useProfile } from '../../../features/auth/api/get-profile.ts';
import { profileAccountsOf } from '../../../features/auth/utils/profile-accounts.ts';
import { HomeCountBoxes } from '../../../features/home/components/home-count-boxes.tsx';
import { SeeAllShipments } from '../../../features/home/components/see-all-shipments.tsx';
import { greetingWithName } from '../../../features/home/utils/greeting.ts';
import { useNotifications } from '../../../features/notifications/api/get-notifications.ts';
import { NotificationBanner } from '../../../features/notifications/components/notification-banner.tsx';
import { useHomeShipments } from '../../../features/shipments/api/get-home-shipments.ts';
import { ShipmentsFilters } from '../../../features/shipments/components/shipments-filters.tsx';
import { ShipmentsTable } from '../../../features/shipments/components/shipments-table.tsx';
import { SHIPMENTS_LIST } from '../../../features/shipments/utils/shipments-list.ts';
import { homeFilterParamsOf, homeQueryOf } from '../../../features/shipments/utils/shipments-query.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { HOME_LINK_PARAMS, readSession } from '../../../lib/session.ts';

const NO_ACCOUNTS: string[] = [];
const confirms7501s = (profile: ProfileResponse) => profile.company.entry_approval !== 'none';
const NO_SHIPMENTS: ShipmentListItem[] = [];
const LINK_PARAMS = Object.values(HOME_LINK_PARAMS);

/**
 * Home (spec section 2). Each arrival by a link or the navigation, the Home link on Home included,
 * opens the screen anew from no filters; back, forward, a reload and the address's own tidying
 * (HomeScreen drops a broker link's parameters) keep it as it is.
 */
export function HomeRoute() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const [arrival, setArrival] = useState(key);
  if (navigationType === 'PUSH' && key !== arrival) setArrival(key);
  return <HomeScreen key={arrival} />;
}

/**
 * The greeting, the notification banner, the five count boxes and the shipments table with the
 * filters the list shares. A broker's link carries the user's name and session in the address (the
 * route guard keeps the session); they are read once, then dropped from the address.
 */
function HomeScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [name] = useState(
    () =>
      searchParams.get(HOME_LINK_PARAMS.primaryContact) ||
      searchParams.get(HOME_LINK_PARAMS.name) ||
      readSession()?.name,
  );
  // Arriving by a link or the navigation clears the filters; back, forward and reload keep them.
  const navigationType = useNavigationType();
  const { filters, setFilters } = useListState(SHIPMENTS_LIST, { isCleared: navigationType === 'PUSH' });
  const query = useMemo(() => homeQueryOf(filters), [filters]);
  const debouncedQuery = useDebouncedValue(query, HOME_QUERY_DEBOUNCE_MS);
  const homeQuery = useHomeShipments(debouncedQuery);
  const accountsQuery = useProfile({ select: profileAccountsOf });
  const approvalQuery = useProfile({ select: confirms7501s });
  const timeZone = useProfile({ select: companyTimeZoneOf }).data;
  const linkFilters = useMemo(() => homeFilterParamsOf(filters), [filters]);

  useEffect(() => {
    if (!LINK_PARAMS.some((param) => searchParams.has(param))) return;
    const rest = new URLSearchParams(searchParams);
    for (const param of LINK_PARAMS) rest.delete(param);
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);

  // The rows wait for the accounts too: an account's document tracking decides what its rows show.
  const isWaiting = homeQuery.isPending || accountsQuery.isPending;
  // The banner sits above the counts: both are drawn once it is known whether there is one, so
  // that it never pushes them, nor the wait's spinner, down (a failed fetch shows no banner, and
  // the counts then).
  const isBannerPending = useNotifications().isPending;

  return (
    <>
      <PageHeader title={greetingWithName(name)} documentTitle={WEB_TEXTS.layout.navHome} />
      {/* Whether the approval box is there is the profile's rule, known before Home's counts. */}
      {isBannerPending || approvalQuery.isPending ? (
        <LoadingBody label={WEB_TEXTS.shipments.loadingShipments} />
      ) : (
        <>
          <NotificationBanner />
          <PageBody>
            <HomeCountBoxes counts={homeQuery.data} showsApproval={approvalQuery.data === true} />
            <ShipmentsFilters
              filters={filters}
              accounts={accountsQuery.data?.accountNumbers ?? NO_ACCOUNTS}
              onChange={setFilters}
            />
            <ShipmentsTable
              shipments={isWaiting ? NO_SHIPMENTS : (homeQuery.data?.data ?? NO_SHIPMENTS)}
              documentTrackingAccounts={accountsQuery.data?.documentTrackingAccounts}
              linkFilters={linkFilters}
              timeZone={timeZone}
              isLoading={isWaiting}
              isRefreshing={homeQuery.isPlaceholderData || debouncedQuery !== query}
              isError={homeQuery.isError}
              onRetry={() => void homeQuery.refetch()}
            />
            {!isWaiting && <SeeAllShipments shown={homeQuery.data?.data.length ?? 0} />}
          </PageBody>
        </>
      )}
    </>
  );
}
