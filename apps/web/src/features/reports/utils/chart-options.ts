import { formatCents } from '@clearport/contract/customs-entry';
import type { ReportChartConfig } from '../components/report-chart.tsx';

type Options = NonNullable<ReportChartConfig['options']>;

/** Axis labels are short ($1.2M) so a phone's chart keeps its width for the bars; tooltips and tables give the cents. */
const AXIS_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A value axis of cents, shown as dollars. */
export const MONEY_AXIS = {
  beginAtZero: true,
  ticks: { callback: (value: string | number) => AXIS_DOLLARS.format(Number(value) / 100) },
};

/** A value axis of counts: whole numbers only. */
export const COUNT_AXIS = { beginAtZero: true, ticks: { precision: 0 } };

/** Tooltips that show each series' value as dollars (cents in the data). */
export const MONEY_TOOLTIP: Options['plugins'] = {
  tooltip: {
    callbacks: {
      label: (item) => `${item.dataset.label ?? ''}: ${formatCents(Number(item.raw))}`,
    },
  },
};
