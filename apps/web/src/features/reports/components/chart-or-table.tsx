import { useState, type ReactNode } from 'react';
import { fillText } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import type { ChartData } from '../utils/chart-layout.ts';
import { SvgChart } from './svg-chart.tsx';
import styles from './reports.module.css';

/** A report's state from its query: `isEmpty` tells whether its reply has nothing to draw. */
export function reportStateOf(
  query: { isPending: boolean; isError: boolean; refetch: () => unknown },
  isEmpty: boolean,
  emptyText?: string,
): ReportState {
  return {
    isPending: query.isPending,
    isError: query.isError,
    isEmpty,
    onRetry: () => void query.refetch(),
    ...(emptyText ? { emptyText } : {}),
  };
}

export type ReportState = {
  isPending: boolean;
  isError: boolean;
  /** The reply has nothing to draw. */
  isEmpty: boolean;
  onRetry: () => void;
  emptyText?: string;
};

type ChartOrTableProps = {
  /** Names the chart, its table (the caption) and the switch between them. */
  label: string;
  state: ReportState;
  /** Kept (memoised) while the figures stay the same, since a new one is laid out again. */
  chart: ChartData | undefined;
  table: ReactNode;
};

/**
 * One chart of a report and the same figures as a table, one at a time. The chart's box keeps its
 * height while loading, empty or failed, so nothing below it moves when the figures come.
 */
export function ChartOrTable({ label, state, chart, table }: ChartOrTableProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const isReady = chart !== undefined && !state.isPending && !state.isError && !state.isEmpty;
  return (
    <div className={styles.chartOrTable}>
      <div className={styles.viewSwitch} role="group" aria-label={fillText(REPORT_TEXTS.viewLabel, { report: label })}>
        <Button variant="secondary" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
          {REPORT_TEXTS.chartView}
        </Button>
        <Button variant="secondary" aria-pressed={view === 'table'} onClick={() => setView('table')}>
          {REPORT_TEXTS.tableView}
        </Button>
      </div>
      {isReady && view === 'table' ? (
        table
      ) : (
        <div className={styles.chartBox}>
          {isReady ? <SvgChart chart={chart} label={label} /> : <ReportStatus state={state} />}
        </div>
      )}
    </div>
  );
}

/** What stands in a report's place until its figures come: loading, nothing in the range, or a failure. */
export function ReportStatus({ state }: { state: ReportState }) {
  if (state.isError) {
    return (
      <div className={styles.status} role="alert">
        <p>{REPORT_TEXTS.failed}</p>
        <Button variant="secondary" onClick={state.onRetry}>
          {WEB_TEXTS.common.tryAgain}
        </Button>
      </div>
    );
  }
  if (state.isPending) {
    return (
      <p className={styles.status} role="status">
        {REPORT_TEXTS.loading}
      </p>
    );
  }
  return <p className={styles.status}>{state.emptyText ?? REPORT_TEXTS.empty}</p>;
}
