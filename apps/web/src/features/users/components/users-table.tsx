import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { ROLES, roleName } from '@clearport/contract/roles';
import type { Subuser, SubuserSortField } from '@clearport/contract/subusers';
import { TEXTS } from '@clearport/contract/texts';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { ListTable, type PhoneCards } from '../../../components/ui/list-table.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import type { UsersSort } from '../utils/users-list.ts';
import styles from './users-table.module.css';

type UsersTableProps = {
  users: readonly Subuser[];
  sort: UsersSort;
  onSortChange: (sort: UsersSort) => void;
  isLoading: boolean;
  isRefreshing: boolean;
  /** The page failed to load: the generic error and a retry instead of No users found. */
  isError?: boolean;
  onRetry?: () => void;
};

const column = createColumnHelper<Subuser>();

/**
 * What names a user's row: a sub-user's name, linking to the editor; a primary user's account
 * numbers, without a link, since nobody edits them here (spec sections 2 and 6), and under them the
 * name, by which the column sorts and the search finds the row (decision 0032).
 */
function UserNameCell({ user }: { user: Subuser }) {
  if (user.role !== ROLES.primary) return <Link to={paths.user.getHref(user.id)}>{user.name}</Link>;
  if (!user.account_no) return user.name;
  return (
    <>
      <span className={styles.accounts}>{user.account_no}</span>
      <span className={styles.primaryName}>{user.name}</span>
    </>
  );
}

const COLUMNS = [
  column.accessor('name', {
    id: 'name' satisfies SubuserSortField,
    size: 176,
    header: WEB_TEXTS.users.columnName,
    cell: ({ row }) => <UserNameCell user={row.original} />,
  }),
  column.accessor('email', {
    id: 'email' satisfies SubuserSortField,
    size: 208,
    header: WEB_TEXTS.users.columnEmail,
    cell: ({ getValue }) => <EmailText email={getValue()} />,
  }),
  column.accessor('role', {
    id: 'role' satisfies SubuserSortField,
    size: 128,
    header: WEB_TEXTS.users.columnPosition,
    cell: ({ getValue }) => roleName(getValue()),
  }),
  column.accessor((user) => user.account_no || WEB_TEXTS.users.noLinkedAccounts, {
    id: 'account_no' satisfies SubuserSortField,
    size: 176,
    header: WEB_TEXTS.users.columnLinkedAccounts,
    cell: ({ getValue }) => <span className={styles.accounts}>{getValue()}</span>,
  }),
];

/** A phone's card: the name (or a primary user's accounts) and the position, then the e-mail and the linked accounts. */
const PHONE_CARDS: PhoneCards = {
  heading: ['name', 'role'] satisfies SubuserSortField[],
  fields: ['email', 'account_no'] satisfies SubuserSortField[],
};

const LIST_TEXTS = { loading: WEB_TEXTS.users.loadingUsers, empty: TEXTS.noUsersFound };

/** The company's users (spec section 2), on the list kit; an inactive user's row is muted; cards below 600 px. */
export function UsersTable({
  users,
  sort,
  onSortChange,
  isLoading,
  isRefreshing,
  isError = false,
  onRetry,
}: UsersTableProps) {
  return (
    <ListTable
      caption={WEB_TEXTS.layout.navUsers}
      rows={users}
      columns={COLUMNS}
      getRowId={(row) => String(row.id)}
      sort={sort}
      onSortChange={onSortChange}
      phoneCards={PHONE_CARDS}
      isRowDimmed={(row) => row.active === 0}
      isLoading={isLoading}
      isRefreshing={isRefreshing}
      isError={isError}
      onRetry={onRetry}
      texts={LIST_TEXTS}
    />
  );
}
