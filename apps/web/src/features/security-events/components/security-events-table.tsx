import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import {
  SECURITY_EVENT_OUTCOME_LABELS,
  securityEventDetailText,
  securityEventKindLabel,
  type SecurityEventRow,
} from '@clearport/contract/security-events';
import { ListTable, type PhoneCards } from '../../../components/ui/list-table.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatInstant, formatInstantIn } from '../../../lib/format-date.ts';
import { shortUserAgent } from '../utils/security-events-list.ts';
import styles from './security-events.module.css';

type SecurityEventsTableProps = {
  events: readonly SecurityEventRow[];
  /** The company's time zone, whose days the filter's dates are: the times are shown in it, named. */
  timeZone: string | undefined;
  isLoading: boolean;
  isRefreshing?: boolean;
  isError?: boolean;
  onRetry?: () => void;
};

const TEXTS = WEB_TEXTS.securityEvents;
const column = createColumnHelper<SecurityEventRow>();

const columnsIn = (timeZone: string | undefined) => [
  column.accessor('occurred_at', {
    id: 'when',
    size: 200,
    header: TEXTS.columnWhen,
    cell: ({ getValue }) => (
      <span className={styles.nowrap}>
        {timeZone ? formatInstantIn(getValue(), timeZone) : formatInstant(getValue())}
      </span>
    ),
  }),
  column.accessor('email', {
    id: 'user',
    size: 160,
    header: TEXTS.columnUser,
    cell: ({ getValue }) => getValue() ?? '',
  }),
  column.accessor('kind', {
    id: 'what',
    size: 112,
    header: TEXTS.columnWhat,
    cell: ({ getValue }) => securityEventKindLabel(getValue()),
  }),
  column.accessor('outcome', {
    id: 'outcome',
    size: 96,
    header: TEXTS.columnOutcome,
    cell: ({ getValue }) => (
      <span className={getValue() === 'success' ? undefined : styles.failure}>
        {SECURITY_EVENT_OUTCOME_LABELS[getValue()]}
      </span>
    ),
  }),
  column.accessor((event) => event.ip ?? '', {
    id: 'from',
    size: 208,
    header: TEXTS.columnFrom,
    cell: ({ row }) =>
      row.original.ip || row.original.user_agent ? (
        <span>
          {row.original.ip}
          {row.original.user_agent && (
            <span className={styles.agent} title={row.original.user_agent}>
              {shortUserAgent(row.original.user_agent)}
            </span>
          )}
        </span>
      ) : (
        ''
      ),
  }),
  column.accessor((event) => securityEventDetailText(event.detail), {
    id: 'details',
    size: 144,
    header: TEXTS.columnDetails,
    cell: ({ getValue }) => <span className={styles.details}>{getValue()}</span>,
  }),
];

/** A phone's card: what happened and how it ended, then when, who, from where and the details. */
const PHONE_CARDS: PhoneCards = { heading: ['what', 'outcome'], fields: ['when', 'user', 'from', 'details'] };

const LIST_TEXTS = { loading: TEXTS.loading, empty: TEXTS.empty };

/** The company's security events, newest first (one order: the columns do not sort); cards below 600 px. */
export function SecurityEventsTable({
  events,
  timeZone,
  isLoading,
  isRefreshing = false,
  isError = false,
  onRetry,
}: SecurityEventsTableProps) {
  const columns = useMemo(() => columnsIn(timeZone), [timeZone]);
  return (
    <ListTable
      caption={TEXTS.caption}
      rows={events}
      columns={columns}
      getRowId={(row) => row.id}
      phoneCards={PHONE_CARDS}
      isLoading={isLoading}
      isRefreshing={isRefreshing}
      isError={isError}
      onRetry={onRetry}
      texts={LIST_TEXTS}
    />
  );
}
