import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ReleaseEntriesResponse } from '@clearport/contract/reports';
import { fillText } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { formatDays } from '../utils/report-format.ts';
import { useReleaseDaysEntries } from '../api/get-release-days-entries.ts';
import type { ReleaseQuery } from '../utils/report-range.ts';
import { ReportStatus, reportStateOf } from './chart-or-table.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import styles from './reports.module.css';

type Entry = ReleaseEntriesResponse['entries'][number];

const T = REPORT_TEXTS;

const COLUMNS: readonly ReportColumn<Entry>[] = [
  {
    header: T.fileNumber,
    cell: (row) => <Link to={paths.shipment.getHref(row.shipment_id)}>{row.file_number}</Link>,
  },
  { header: T.entryNumber, cell: (row) => row.entry_number },
  { header: T.account, cell: (row) => row.account_no },
  { header: T.port, cell: (row) => row.port_code ?? '' },
  { header: T.arrival, cell: (row) => formatDate(row.arrival_date) },
  { header: T.release, cell: (row) => formatDate(row.release_date) },
  { header: T.daysToRelease, cell: (row) => row.days, isNumeric: true },
];

/**
 * The entries released later than the threshold, each opening its shipment; Show more asks for the
 * next page. A new threshold's entries replace the shown ones when they come, the table busy meanwhile.
 */
export function ReleaseEntriesList({ query }: { query: ReleaseQuery }) {
  const reply = useReleaseDaysEntries(query);
  const entries = useMemo(() => reply.data?.pages.flatMap((page) => page.entries) ?? [], [reply.data]);
  if (!reply.data) return <ReportStatus state={reportStateOf(reply, false)} />;
  return (
    <>
      <ReportTable
        caption={fillText(T.overThresholdCaption, { days: formatDays(query.over) })}
        columns={COLUMNS}
        rows={entries}
        // By place: a new threshold's entries take the rows of the last one's, which stay where they
        // are, rather than those rows moving down the page among the new ones.
        getRowKey={(_row, index) => String(index)}
        isBusy={reply.isPlaceholderData}
      />
      {reply.hasNextPage && !reply.isPlaceholderData && (
        <div className={styles.more}>
          <Button variant="secondary" isPending={reply.isFetchingNextPage} onClick={() => void reply.fetchNextPage()}>
            {reply.isFetchingNextPage ? T.loadingMore : T.showMore}
          </Button>
        </div>
      )}
    </>
  );
}
