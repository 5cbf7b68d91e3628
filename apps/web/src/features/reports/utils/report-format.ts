import { fillText } from '@clearport/contract/texts';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** YYYY-MM-DD as people read it: Mar 2, 2026. */
export function formatDay(day: string): string {
  return `${MONTH_NAMES[Number(day.slice(5, 7)) - 1] ?? day.slice(5, 7)} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;
}

/** YYYY-MM as people read it: Mar 2026. */
export function formatMonth(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

/** A count of days as people read it: 1 day, 2.5 days; an unknown count as a dash. */
export function formatDays(days: number | null): string {
  if (days === null) return '–';
  return days === 1 ? REPORT_TEXTS.oneDay : fillText(REPORT_TEXTS.days, { days: String(days) });
}
