import { Link } from 'react-router';
import { POSITION_FILTER_OPTIONS } from '@clearport/contract/roles';
import { FILTER_WIDTHS, ListFilterBar } from '../../../components/ui/list-filter-bar.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { NEW_USER_ID, paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { ALL_POSITIONS, type UsersFilters as Filters } from '../utils/users-list.ts';
import styles from './users-filters.module.css';

const POSITION_OPTIONS: readonly SelectOption<number>[] = POSITION_FILTER_OPTIONS.map(({ label, value }) => ({
  label,
  value: value ?? ALL_POSITIONS,
}));

type UsersFiltersProps = {
  filters: Filters;
  onChange: (filters: Filters) => void;
};

/** The users list's search box, position filter and Add User button (spec section 2). */
export function UsersFilters({ filters, onChange }: UsersFiltersProps) {
  return (
    <ListFilterBar
      label={WEB_TEXTS.users.usersFilters}
      searchLabel={WEB_TEXTS.users.usersSearchLabel}
      search={filters.search}
      onSearchChange={(search) => onChange({ ...filters, search })}
      actions={
        <Link to={paths.user.getHref(NEW_USER_ID)} className={styles.addUser}>
          {WEB_TEXTS.users.addUser}
        </Link>
      }
    >
      <SelectField
        label={WEB_TEXTS.users.positionFilterLabel}
        className={FILTER_WIDTHS.normal}
        options={POSITION_OPTIONS}
        value={filters.position}
        onChange={(position) => onChange({ ...filters, position })}
      />
    </ListFilterBar>
  );
}
