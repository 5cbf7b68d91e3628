import { useMemo } from 'react';
import { formatCents } from '@clearport/contract/customs-entry';
import { REPORT_KINDS, type DutyByMonthResponse, type ReportQuery } from '@clearport/contract/reports';
import { Panel } from '../../../components/ui/panel.tsx';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { useDutyByMonth } from '../api/get-duty-by-month.ts';
import { CHART_COLOURS } from '../utils/chart-palette.ts';
import { MONEY_AXIS, MONEY_TOOLTIP } from '../utils/chart-options.ts';
import { formatMonth } from '../utils/report-format.ts';
import { ChartOrTable, reportStateOf } from './chart-or-table.tsx';
import type { ReportChartConfig } from './report-chart.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import { ReportActions } from './report-actions.tsx';

type Month = DutyByMonthResponse['months'][number];

const T = REPORT_TEXTS;
const money = (cents: number) => formatCents(cents);

const COLUMNS: readonly ReportColumn<Month>[] = [
  { header: T.month, cell: (row) => formatMonth(row.month) },
  { header: T.entries, cell: (row) => row.entries, isNumeric: true },
  { header: T.duty, cell: (row) => money(row.duty_cents), isNumeric: true },
  { header: T.mpf, cell: (row) => money(row.mpf_cents), isNumeric: true },
  { header: T.hmf, cell: (row) => money(row.hmf_cents), isNumeric: true },
  { header: T.otherFees, cell: (row) => money(row.other_fees_cents), isNumeric: true },
  { header: T.total, cell: (row) => money(row.total_cents), isNumeric: true },
  { header: T.previousYearTotal, cell: (row) => money(row.previous_year_total_cents), isNumeric: true },
];

function chartOf(months: readonly Month[]): ReportChartConfig {
  const bar = (label: string, colour: string, values: number[]) => ({
    type: 'bar' as const,
    label,
    data: values,
    backgroundColor: colour,
    stack: 'month',
    order: 2,
  });
  return {
    type: 'bar',
    data: {
      labels: months.map((row) => formatMonth(row.month)),
      datasets: [
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
          type: 'line',
          label: T.previousYearTotal,
          data: months.map((row) => row.previous_year_total_cents),
          borderColor: CHART_COLOURS.black,
          backgroundColor: CHART_COLOURS.black,
          borderDash: [6, 4],
          order: 1,
        },
      ],
    },
    options: {
      scales: { x: { stacked: true }, y: { ...MONEY_AXIS, stacked: true } },
      plugins: MONEY_TOOLTIP,
    },
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
