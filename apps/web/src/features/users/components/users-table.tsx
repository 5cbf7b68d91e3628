import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { ROLES, roleName } from '@clearport/contract/roles';
import type { Subuser, SubuserSortField } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { ListTable } from '../../../components/ui/list-table.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import type { UsersSort } from '../utils/users-list.ts';

type UsersTableProps = {
  users: readonly Subuser[];
  sort: UsersSort;
  onSortChange: (sort: UsersSort) => void;
  isLoading: boolean;
  isRefreshing: boolean;
};

const column = createColumnHelper<Subuser>();

const COLUMNS = [
  column.accessor('name', {
    id: 'name' satisfies SubuserSortField,
    header: WEB_TEXTS.users.columnName,
    // A primary user is listed by account number, without a link: nobody edits them here.
    cell: ({ row }) =>
      row.original.role === ROLES.primary ? (
        <span>{row.original.name}</span>
      ) : (
        <Link to={paths.user.getHref(row.original.id)}>{row.original.name}</Link>
      ),
  }),
  column.accessor('email', { id: 'email' satisfies SubuserSortField, header: WEB_TEXTS.users.columnEmail }),
  column.accessor('role', {
    id: 'role' satisfies SubuserSortField,
    header: WEB_TEXTS.users.columnPosition,
    cell: ({ getValue }) => roleName(getValue()),
  }),
  column.accessor('account_no', {
    id: 'account_no' satisfies SubuserSortField,
    header: WEB_TEXTS.users.columnLinkedAccounts,
    cell: ({ getValue }) => getValue() || WEB_TEXTS.users.noLinkedAccounts,
  }),
];

const LIST_TEXTS = { loading: WEB_TEXTS.users.loadingUsers, empty: TEXTS.noUsersFound };

/** The company's users (spec section 2), on the list kit; an inactive user's row is muted. */
export function UsersTable({ users, sort, onSortChange, isLoading, isRefreshing }: UsersTableProps) {
  return (
    <ListTable
      caption={WEB_TEXTS.layout.navUsers}
      rows={users}
      columns={COLUMNS}
      getRowId={(row) => String(row.id)}
      sort={sort}
      onSortChange={onSortChange}
      isRowDimmed={(row) => row.active === 0}
      isLoading={isLoading}
      isRefreshing={isRefreshing}
      texts={LIST_TEXTS}
    />
  );
}
