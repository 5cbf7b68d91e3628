import { useId, useMemo } from 'react';
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
import type { SortDirection } from '@clearport/contract/http';
import { ROLES, roleName } from '@clearport/contract/roles';
import type { Subuser, SubuserSortField } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { SortIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './users-table.module.css';

export type UsersSort = { field: SubuserSortField; direction: SortDirection };

type UsersTableProps = {
  users: readonly Subuser[];
  sort: UsersSort;
  onSortChange: (sort: UsersSort) => void;
  isLoading: boolean;
  isRefreshing: boolean;
};

const column = createColumnHelper<Subuser>();

function ariaSortOf(direction: ColumnSortDirection | false): 'ascending' | 'descending' | undefined {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return undefined;
}

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

/** The company's users (spec section 2); the server sorts, a header asks for its column, then flips. */
export function UsersTable({ users, sort, onSortChange, isLoading, isRefreshing }: UsersTableProps) {
  const captionId = useId();
  const sorting: SortingState = useMemo(() => [{ id: sort.field, desc: sort.direction === 'desc' }], [sort]);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [first] = typeof updater === 'function' ? updater(sorting) : updater;
    if (first) onSortChange({ field: first.id as SubuserSortField, direction: first.desc ? 'desc' : 'asc' });
  };

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: users as Subuser[],
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

  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-busy={isLoading || isRefreshing || undefined}>
        <caption id={captionId} className="visually-hidden">
          {WEB_TEXTS.layout.navUsers}
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
            <tr key={row.id} className={row.original.active === 0 ? styles.inactive : undefined}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length} className={styles.message}>
                {isLoading ? <span role="status">{WEB_TEXTS.users.loadingUsers}</span> : TEXTS.noUsersFound}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
