import { format } from 'date-fns';
import { DATE_DISPLAY_FORMAT } from '@clearport/contract/constants';
import { parseDateTimeText } from '@clearport/contract/shipments';

/** The ETA as MM/dd/yyyy; blank when unknown (0000-00-00 00:00:00) or unreadable. */
export function formatEta(estTimeArrive: string): string {
  const date = parseDateTimeText(estTimeArrive);
  return date ? format(date, DATE_DISPLAY_FORMAT) : '';
}
