import { useState } from 'react';
import type { Subuser, SubusersQuery } from '@clearport/contract/subusers';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useSubusers } from '../../../features/users/api/get-subusers.ts';
import { ALL_POSITIONS, UsersFilters } from '../../../features/users/components/users-filters.tsx';
import { UsersPager } from '../../../features/users/components/users-pager.tsx';
import { UsersTable, type UsersSort } from '../../../features/users/components/users-table.tsx';
import { useNavigationMessage } from '../../../features/users/hooks/use-navigation-message.ts';

const NO_USERS: Subuser[] = [];
const DEFAULT_SORT: UsersSort = { field: 'name', direction: 'asc' };

/** The company's users (spec section 2): search, position filter, Add User, the table and paging. */
export function UsersRoute() {
  const [search, setSearch] = useState('');
  const [position, setPosition] = useState(ALL_POSITIONS);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [message] = useNavigationMessage();

  const query: Partial<SubusersQuery> = {
    page,
    search: search.trim() || undefined,
    filter: position === ALL_POSITIONS ? undefined : (position as SubusersQuery['filter']),
    field: sort.field,
    order_by: sort.direction,
  };
  const subusersQuery = useSubusers(query);
  const reply = subusersQuery.data;

  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navUsers}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.users.getHref(), title: WEB_TEXTS.layout.navUsers },
        ]}
      />
      <PageBody>
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <UsersFilters
          search={search}
          position={position}
          onSearchChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          onPositionChange={(value) => {
            setPosition(value);
            setPage(1);
          }}
        />
        <UsersTable
          users={reply?.company.subusers ?? NO_USERS}
          sort={sort}
          onSortChange={(value) => {
            setSort(value);
            setPage(1);
          }}
          isLoading={subusersQuery.isPending}
          isRefreshing={subusersQuery.isPlaceholderData}
        />
        <UsersPager
          page={page}
          total={reply?.pagination.total}
          lastPage={reply?.pagination.last_page}
          onPageChange={setPage}
        />
      </PageBody>
    </>
  );
}
