import { fillText } from '@clearport/contract/texts';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';

/** A count of days as people read it: 1 day, 2.5 days; an unknown count as a dash. */
export function formatDays(days: number | null): string {
  if (days === null) return '–';
  return days === 1 ? REPORT_TEXTS.oneDay : fillText(REPORT_TEXTS.days, { days: String(days) });
}
