import { useId } from 'react';
import { LAST_CALENDAR_DAY } from '@clearport/contract/calendar';
import { fillText } from '@clearport/contract/texts';
import { SECURITY_EVENT_KIND_LABELS, SECURITY_EVENT_KINDS } from '@clearport/contract/security-events';
import { ListFilterBar } from '../../../components/ui/list-filter-bar.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { reversedDays, type SecurityEventFilters } from '../utils/security-events-list.ts';
import styles from './security-events.module.css';

type SecurityEventsFiltersProps = {
  filters: SecurityEventFilters;
  /** The company's users, by e-mail. */
  users: ReadonlyArray<{ id: number; email: string }>;
  onChange: (filters: SecurityEventFilters) => void;
  /** The Download CSV button, at the end of the bar. */
  actions?: React.ReactNode;
};

const TEXTS = WEB_TEXTS.securityEvents;

/** The user, the kind of event and the days from and to (the company's days, both included), native controls. */
export function SecurityEventsFilters({ filters, users, onChange, actions }: SecurityEventsFiltersProps) {
  const reversed = reversedDays(filters);
  const id = useId();
  return (
    <>
      <ListFilterBar label={TEXTS.filters} actions={actions}>
        <div className={styles.field}>
          <label htmlFor={`${id}-user`} className={styles.label}>
            {TEXTS.userFilter}
          </label>
          <select
            id={`${id}-user`}
            className={styles.control}
            value={filters.userId}
            onChange={(event) => onChange({ ...filters, userId: event.target.value })}
          >
            <option value="">{TEXTS.allUsers}</option>
            {users.map((user) => (
              <option key={user.id} value={String(user.id)}>
                {user.email}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`} className={styles.label}>
            {TEXTS.kindFilter}
          </label>
          <select
            id={`${id}-kind`}
            className={styles.control}
            value={filters.kind}
            onChange={(event) =>
              onChange({ ...filters, kind: SECURITY_EVENT_KINDS.find((kind) => kind === event.target.value) ?? '' })
            }
          >
            <option value="">{TEXTS.allKinds}</option>
            {SECURITY_EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {SECURITY_EVENT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-from`} className={styles.label}>
            {TEXTS.fromFilter}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={styles.control}
            value={filters.from}
            max={filters.to || LAST_CALENDAR_DAY}
            onChange={(event) => onChange({ ...filters, from: event.target.value })}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-to`} className={styles.label}>
            {TEXTS.toFilter}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={styles.control}
            value={filters.to}
            min={filters.from || undefined}
            max={LAST_CALENDAR_DAY}
            onChange={(event) => onChange({ ...filters, to: event.target.value })}
          />
        </div>
      </ListFilterBar>
      {reversed && (
        <p role="status" className={styles.hint}>
          {fillText(TEXTS.reversedDays, { from: formatDate(reversed[0]), to: formatDate(reversed[1]) })}
        </p>
      )}
    </>
  );
}
