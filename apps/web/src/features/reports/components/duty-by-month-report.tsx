import { useMemo } from 'react';
import { formatCents } from '@clearport/contract/customs-entry';
import {
  formatReportMonth,
  REPORT_KINDS,
  type DutyByMonthResponse,
  type ReportQuery,
} from '@clearport/contract/reports';
import { Panel } from '../../../components/ui/panel.tsx';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { useDutyByMonth } from '../api/get-duty-by-month.ts';
import { CHART_COLOURS } from '../utils/chart-palette.ts';
import type { BarSeries, ChartData } from '../utils/chart-layout.ts';
import { MONEY_AXIS } from '../utils/chart-axes.ts';
import { ChartOrTable, reportStateOf } from './chart-or-table.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import { ReportActions } from './report-actions.tsx';

type Month = DutyByMonthResponse['months'][number];

const T = REPORT_TEXTS;
const money = (cents: number) => formatCents(cents);

const COLUMNS: readonly ReportColumn<Month>[] = [
  { header: T.month, cell: (row) => formatReportMonth(row.month) },
  { header: T.entries, cell: (row) => row.entries, isNumeric: true },
  { header: T.duty, cell: (row) => money(row.duty_cents), isNumeric: true },
  { header: T.mpf, cell: (row) => money(row.mpf_cents), isNumeric: true },
  { header: T.hmf, cell: (row) => money(row.hmf_cents), isNumeric: true },
  { header: T.otherFees, cell: (row) => money(row.other_fees_cents), isNumeric: true },
  { header: T.total, cell: (row) => money(row.total_cents), isNumeric: true },
  { header: T.previousYearTotal, cell: (row) => money(row.previous_year_total_cents), isNumeric: true },
];

function chartOf(months: readonly Month[]): ChartData {
  const bar = (label: string, colour: string, values: number[]): BarSeries => ({
    kind: 'bar',
    label,
    values,
    colour,
    stack: 'month',
  });
  return {
    categories: months.map((row) => formatReportMonth(row.month)),
    series: [
      bar(
        T.duty,
        CHART_COLOURS.blue,
        months.map((row) => row.duty_cents),
      ),
      bar(
        T.mpf,
        CHART_COLOURS.orange,
        months.map((row) => row.mpf_cents),
      ),
      bar(
        T.hmf,
        CHART_COLOURS.green,
        months.map((row) => row.hmf_cents),
      ),
      bar(
        T.otherFees,
        CHART_COLOURS.sky,
        months.map((row) => row.other_fees_cents),
      ),
      {
        kind: 'line',
        label: T.previousYearTotal,
        values: months.map((row) => row.previous_year_total_cents),
        colour: CHART_COLOURS.black,
        isDashed: true,
      },
    ],
    axis: MONEY_AXIS,
  };
}

/** Duty, MPF, HMF and other fees of each month, stacked, with the total of the same month a year before. */
export function DutyByMonthReport({ query }: { query: ReportQuery }) {
  const reply = useDutyByMonth(query);
  const months = reply.data?.months;
  const isEmpty = !months?.some((row) => row.entries > 0);
  const chart = useMemo(() => (months ? chartOf(months) : undefined), [months]);
  return (
    <Panel
      title={REPORT_KINDS.dutyByMonth}
      actions={<ReportActions report="dutyByMonth" tables={['duty-by-month']} query={query} />}
    >
      <ChartOrTable
        label={REPORT_KINDS.dutyByMonth}
        state={reportStateOf(reply, isEmpty)}
        chart={chart}
        table={
          <ReportTable
            caption={REPORT_KINDS.dutyByMonth}
            columns={COLUMNS}
            rows={months ?? []}
            getRowKey={(row) => row.month}
          />
        }
      />
    </Panel>
  );
}
