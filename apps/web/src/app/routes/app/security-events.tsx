import { useMemo, useRef } from 'react';
import { SECURITY_EVENTS_CSV_MAX_ROWS, SECURITY_EVENTS_PAGE_SIZE } from '@clearport/contract/security-events';
import { fillText } from '@clearport/contract/texts';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { companyTimeZoneOf, useProfile } from '../../../features/auth/api/get-profile.ts';
import { useSecurityEventUsers } from '../../../features/security-events/api/get-security-event-users.ts';
import { useSecurityEvents } from '../../../features/security-events/api/get-security-events.ts';
import { DownloadSecurityEventsButton } from '../../../features/security-events/components/download-security-events-button.tsx';
import { SecurityEventsFilters } from '../../../features/security-events/components/security-events-filters.tsx';
import { SecurityEventsTable } from '../../../features/security-events/components/security-events-table.tsx';
import { filterQueryOf, SECURITY_EVENTS_LIST } from '../../../features/security-events/utils/security-events-list.ts';

const TEXTS = WEB_TEXTS.securityEvents;
const NO_USERS: ReadonlyArray<{ id: number; email: string }> = [];
const CSV_CAP = fillText(TEXTS.csvCap, { count: SECURITY_EVENTS_CSV_MAX_ROWS.toLocaleString('en-US') });

/** The primary user's Security events (decision 0037): filters, the newest events first, keyset pages. */
export function SecurityEventsRoute() {
  const list = useListState(SECURITY_EVENTS_LIST);
  const { filters, page, cursor } = list;
  const filterQuery = useMemo(() => filterQueryOf(filters), [filters]);
  const query = useMemo(() => ({ ...filterQuery, page, ...cursor }), [filterQuery, page, cursor]);
  const eventsQuery = useSecurityEvents(query);
  const usersQuery = useSecurityEventUsers();
  const timeZone = useProfile({ select: companyTimeZoneOf }).data;
  const reply = eventsQuery.data;
  const isCurrent = reply !== undefined && !eventsQuery.isPlaceholderData;
  // A new page starts at its top, not where Next was pressed at the bottom of the last one.
  const listTop = useRef<HTMLDivElement>(null);
  const setPage: typeof list.setPage = (next, nextCursor) => {
    list.setPage(next, nextCursor);
    if ((listTop.current?.getBoundingClientRect().top ?? 0) < 0) listTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      <PageHeader
        title={TEXTS.title}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.users.getHref(), title: WEB_TEXTS.layout.navUsers },
          { link: paths.securityEvents.getHref(), title: TEXTS.title },
        ]}
      />
      <PageBody>
        <SecurityEventsFilters
          filters={filters}
          users={usersQuery.data?.users ?? NO_USERS}
          onChange={list.setFilters}
          actions={<DownloadSecurityEventsButton query={filterQuery} />}
        />
        <p className="visually-hidden">{CSV_CAP}</p>
        <div ref={listTop} />
        <SecurityEventsTable
          events={reply?.result ?? []}
          timeZone={timeZone}
          isLoading={eventsQuery.isPending}
          isRefreshing={eventsQuery.isPlaceholderData}
          isError={eventsQuery.isError}
          onRetry={() => void eventsQuery.refetch()}
        />
        {/* Drawn with the first page: a pager waiting below the loading line would be pushed down by the rows. */}
        {reply !== undefined && (
          <ListPager
            page={page}
            pageSize={SECURITY_EVENTS_PAGE_SIZE}
            total={reply.pagination.total}
            lastPage={reply.pagination.last_page}
            cursors={isCurrent ? reply.pagination.cursors : undefined}
            onPageChange={setPage}
          />
        )}
      </PageBody>
    </>
  );
}
