import { useId, useMemo, useState } from 'react';
import { formatReportDay, REPORT_KINDS, type ReleaseDaysResponse, type ReportQuery } from '@clearport/contract/reports';
import { fillText } from '@clearport/contract/texts';
import { Panel } from '../../../components/ui/panel.tsx';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { useReleaseDays } from '../api/get-release-days.ts';
import { CHART_COLOURS } from '../utils/chart-palette.ts';
import { formatDays } from '../utils/report-format.ts';
import type { ChartData, LineSeries } from '../utils/chart-layout.ts';
import { COUNT_AXIS } from '../utils/chart-axes.ts';
import { MAX_RELEASE_THRESHOLD, releaseThresholdOf } from '../utils/report-range.ts';
import { everyDayOf, type Bar } from '../utils/release-histogram.ts';
import { ChartOrTable, reportStateOf } from './chart-or-table.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import { ReleaseEntriesList } from './release-entries-list.tsx';
import styles from './reports.module.css';
import { ReportActions } from './report-actions.tsx';

type Week = ReleaseDaysResponse['weeks'][number];

const T = REPORT_TEXTS;

const COLUMNS: readonly ReportColumn<Bar>[] = [
  { header: T.daysToRelease, cell: (row) => row.days, isNumeric: true },
  { header: T.entries, cell: (row) => row.entries, isNumeric: true },
];

const WEEK_COLUMNS: readonly ReportColumn<Week>[] = [
  { header: T.weekOf, cell: (row) => formatReportDay(row.week) },
  { header: T.entries, cell: (row) => row.entries, isNumeric: true },
  { header: T.median, cell: (row) => formatDays(row.median_days), isNumeric: true },
  { header: T.p90, cell: (row) => formatDays(row.p90_days), isNumeric: true },
];

/** The median and the 90th percentile of each week's releases, as two lines. */
function weeksChartOf(weeks: readonly Week[]): ChartData {
  const line = (label: string, colour: string, values: number[], isDashed = false): LineSeries => ({
    kind: 'line',
    label,
    values,
    colour,
    isDashed,
  });
  return {
    categories: weeks.map((row) => formatReportDay(row.week)),
    series: [
      line(
        T.median,
        CHART_COLOURS.blue,
        // A week is listed only with releases, so it has both figures.
        weeks.map((row) => row.median_days ?? 0),
      ),
      line(
        T.p90,
        CHART_COLOURS.vermillion,
        weeks.map((row) => row.p90_days ?? 0),
        true,
      ),
    ],
    axis: { ...COUNT_AXIS, title: T.daysToRelease },
  };
}

function chartOf(histogram: readonly Bar[]): ChartData {
  return {
    categories: histogram.map((row) => String(row.days)),
    categoryTitles: histogram.map((row) => formatDays(row.days)),
    categoryAxisTitle: T.daysToRelease,
    series: [
      { kind: 'bar', label: T.entries, values: histogram.map((row) => row.entries), colour: CHART_COLOURS.green },
    ],
    axis: COUNT_AXIS,
  };
}

/** How many days entries took from arrival to release: median, 90th percentile, histogram, and the late ones. */
type ReleaseDaysReportProps = {
  query: ReportQuery;
  /** The days after which a release is late, kept with the range. */
  over: number;
  onOverChange: (over: number) => void;
};

export function ReleaseDaysReport({ query, over, onOverChange }: ReleaseDaysReportProps) {
  const thresholdId = useId();
  // What is typed stays while it is not a number of days (a cleared field); the reports keep the last one.
  const [threshold, setThreshold] = useState(String(over));
  const typeThreshold = (text: string) => {
    setThreshold(text);
    const days = releaseThresholdOf(text);
    if (days !== null) onOverChange(days);
  };
  const releaseQuery = useMemo(() => ({ ...query, over }), [query, over]);
  const reply = useReleaseDays(releaseQuery);
  const figures = reply.data;
  const histogram = useMemo(() => (figures ? everyDayOf(figures.histogram) : undefined), [figures]);
  const chart = useMemo(() => (histogram ? chartOf(histogram) : undefined), [histogram]);
  const weeksChart = useMemo(() => (figures ? weeksChartOf(figures.weeks) : undefined), [figures]);
  const weeksLabel = `${REPORT_KINDS.releaseDays}: ${T.byWeek}`;
  const state = reportStateOf(reply, !figures?.entries);
  return (
    <Panel
      title={REPORT_KINDS.releaseDays}
      actions={
        <ReportActions
          report="releaseDays"
          tables={['release-days-by-week', 'late-releases']}
          query={query}
          over={over}
        />
      }
    >
      <dl className={styles.figures}>
        <div>
          <dt>{T.released}</dt>
          <dd>{figures ? figures.entries : '–'}</dd>
        </div>
        <div>
          <dt>{T.median}</dt>
          <dd>{formatDays(figures?.median_days ?? null)}</dd>
        </div>
        <div>
          <dt>{T.p90}</dt>
          <dd>{formatDays(figures?.p90_days ?? null)}</dd>
        </div>
      </dl>
      <ChartOrTable
        label={REPORT_KINDS.releaseDays}
        state={state}
        chart={chart}
        table={
          <ReportTable
            caption={REPORT_KINDS.releaseDays}
            columns={COLUMNS}
            rows={histogram ?? []}
            getRowKey={(row) => String(row.days)}
          />
        }
      />
      <h3 className={styles.partTitle}>{T.byWeek}</h3>
      <ChartOrTable
        label={weeksLabel}
        state={state}
        chart={weeksChart}
        table={
          <ReportTable
            caption={weeksLabel}
            columns={WEEK_COLUMNS}
            rows={figures?.weeks ?? []}
            getRowKey={(row) => row.week}
          />
        }
      />
      <div className={styles.field}>
        <label htmlFor={thresholdId}>{T.thresholdLabel}</label>
        <input
          id={thresholdId}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_RELEASE_THRESHOLD}
          className={`${styles.control} ${styles.days}`}
          value={threshold}
          onChange={(event) => typeThreshold(event.target.value)}
        />
      </div>
      {figures && (
        <>
          <h3 className={styles.partTitle}>
            {fillText(T.overThreshold, { days: formatDays(over), count: String(figures.over_threshold) })}
          </h3>
          {figures.over_threshold > 0 ? (
            <ReleaseEntriesList query={releaseQuery} />
          ) : (
            <p className={styles.note}>{T.noneOverThreshold}</p>
          )}
        </>
      )}
    </Panel>
  );
}
