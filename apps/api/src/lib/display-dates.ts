/**
 * The server's one way to write a date for people (mails and PDFs), as the portal shows it
 * (MM/dd/yyyy), in the company's time zone: never the server's own zone or the UTC day. Wire
 * formats are the contract's (shipments.ts: formatInstantText, parseDateTimeText).
 */
import { dayPartsIn } from '@clearport/contract/calendar';

/** MM/dd/yyyy of `instant` in `timeZone`. */
export function displayDate(instant: Date, timeZone: string): string {
  const { year, month, day } = dayPartsIn(instant, timeZone);
  return `${month}/${day}/${year}`;
}

/**
 * MM/dd/yyyy of a calendar day or a wall-clock text (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`), which
 * has no zone to convert from; undefined when unknown (0000-00-00) or unreadable.
 */
export function displayDay(text: string | null): string | undefined {
  const match = text === null ? null : /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match && match[1] !== '0000' ? `${match[2]}/${match[3]}/${match[1]}` : undefined;
}

/** Whether `name` is a time zone this server knows (an IANA name such as America/Chicago). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
