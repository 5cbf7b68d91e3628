import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@clearport/contract/constants';
import { POSITION_FILTER_OPTIONS } from '@clearport/contract/roles';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { NEW_USER_ID, paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './users-filters.module.css';

/** 0 stands for All Users: the select needs a value, the query leaves the filter out. */
export const ALL_POSITIONS = 0;

const POSITION_OPTIONS: readonly SelectOption<number>[] = POSITION_FILTER_OPTIONS.map(({ label, value }) => ({
  label,
  value: value ?? ALL_POSITIONS,
}));

type UsersFiltersProps = {
  search: string;
  position: number;
  onSearchChange: (search: string) => void;
  onPositionChange: (position: number) => void;
};

/** The users list's search box, position filter and Add User button (spec section 2). */
export function UsersFilters({ search, position, onSearchChange, onPositionChange }: UsersFiltersProps) {
  const searchId = useId();
  const [text, setText] = useState(search);
  const applySearch = useEffectEvent((value: string) => onSearchChange(value));
  useEffect(() => {
    if (text === search) return;
    const timer = window.setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search]);

  return (
    <div role="search" aria-label={WEB_TEXTS.users.usersFilters} className={styles.filters}>
      <div className={styles.searchField}>
        <label htmlFor={searchId} className="visually-hidden">
          {WEB_TEXTS.users.usersSearchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={WEB_TEXTS.shipments.searchPlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className={styles.position}>
        <SelectField
          label={WEB_TEXTS.users.positionFilterLabel}
          options={POSITION_OPTIONS}
          value={position}
          onChange={onPositionChange}
        />
      </div>
      <Link to={paths.user.getHref(NEW_USER_ID)} className={styles.addUser}>
        {WEB_TEXTS.users.addUser}
      </Link>
    </div>
  );
}
