import { formatCents } from '@clearport/contract/customs-entry';
import type { ReportChartConfig } from '../components/report-chart.tsx';

type Options = NonNullable<ReportChartConfig['options']>;

/** A value axis of cents, shown as dollars. */
export const MONEY_AXIS = {
  beginAtZero: true,
  ticks: { callback: (value: string | number) => formatCents(Number(value)) },
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
