import { format } from 'date-fns';
import { DATE_DISPLAY_FORMAT } from '@clearport/contract/constants';
import { formatUsd } from '@clearport/contract/invoices';

/** An invoice's ISO date-time, MM/dd/yyyy in the user's time zone; '' when unreadable. */
export function formatInvoiceDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, DATE_DISPLAY_FORMAT);
}

/** A due date (YYYY-MM-DD, a calendar day without a zone) as MM/dd/yyyy; '' when none. */
export function formatDueDate(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** An amount in dollars, or '' when the invoice has none. */
export function formatAmount(amount: string | null): string {
  return amount === null ? '' : formatUsd(amount);
}
