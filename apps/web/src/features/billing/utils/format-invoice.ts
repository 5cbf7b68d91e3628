import { formatUsd } from '@clearport/contract/invoices';

/** An invoice's day or due date (YYYY-MM-DD, a calendar day without a zone) as MM/dd/yyyy; '' when none. */
export function formatInvoiceDay(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** An amount in dollars, or '' when the invoice has none. */
export function formatAmount(amount: string | null): string {
  return amount === null ? '' : formatUsd(amount);
}
