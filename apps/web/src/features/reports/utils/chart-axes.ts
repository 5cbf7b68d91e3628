import { formatCents } from '@clearport/contract/customs-entry';
import type { ChartAxis } from './chart-layout.ts';

/**
 * Axis labels are short ($1.2M, $20K) so a phone's chart keeps its width for the bars; tooltips and
 * tables give the cents. The currency's two decimals would otherwise be kept down to one ($20.0K).
 */
const AXIS_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A value axis of cents, shown as dollars. */
export const MONEY_AXIS: ChartAxis = {
  formatTick: (cents) => AXIS_DOLLARS.format(cents / 100),
  formatValue: formatCents,
};

/** A value axis of counts: whole numbers only. */
export const COUNT_AXIS: ChartAxis = {
  formatTick: (count) => COUNT.format(count),
  formatValue: (count) => COUNT.format(count),
  isWhole: true,
};
