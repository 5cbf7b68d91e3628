import { useMemo } from 'react';
import { Link } from 'react-router';
import { ROLES } from '@clearport/contract/roles';
import { SUBUSERS_PAGE_SIZE, type Subuser } from '@clearport/contract/subusers';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { readSession } from '../../../lib/session.ts';
import { useSubusers } from '../../../features/users/api/get-subusers.ts';
import { UsersFilters } from '../../../features/users/components/users-filters.tsx';
import { UsersTable } from '../../../features/users/components/users-table.tsx';
import { useNavigationMessage } from '../../../features/users/hooks/use-navigation-message.ts';
import { USERS_LIST, usersQueryOf } from '../../../features/users/utils/users-list.ts';

const NO_USERS: Subuser[] = [];

/** The company's users (spec section 2): search, position filter, Add User, the table and paging. */
export function UsersRoute() {
  const list = useListState(USERS_LIST);
  const { filters, sort, page } = list;
  const query = useMemo(() => usersQueryOf({ filters, sort, page }), [filters, sort, page]);
  const subusersQuery = useSubusers(query);
  const reply = subusersQuery.data;
  const [message] = useNavigationMessage();

  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navUsers}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.users.getHref(), title: WEB_TEXTS.layout.navUsers },
        ]}
        extra={
          readSession()?.role === ROLES.primary && (
            <Link to={paths.securityEvents.getHref()}>{WEB_TEXTS.securityEvents.link}</Link>
          )
        }
      />
      <PageBody>
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <UsersFilters filters={list.filters} onChange={list.setFilters} />
        <UsersTable
          users={reply?.company.subusers ?? NO_USERS}
          sort={list.sort}
          onSortChange={list.setSort}
          isLoading={subusersQuery.isPending}
          isRefreshing={subusersQuery.isPlaceholderData}
          isError={subusersQuery.isError}
          onRetry={() => void subusersQuery.refetch()}
        />
        {/* After the first page: a company's few users fill far less than the screen the table keeps while loading, and the pager would jump up. */}
        {reply && (
          <ListPager
            page={list.page}
            pageSize={SUBUSERS_PAGE_SIZE}
            total={reply.pagination.total}
            lastPage={reply.pagination.last_page}
            onPageChange={list.setPage}
          />
        )}
      </PageBody>
    </>
  );
}
