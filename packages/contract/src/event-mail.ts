import { fillText } from './texts.ts';

/**
 * The mail each notification list of Settings exists for: what event feeds it, and every text of
 * the message. The server gathers a list's events for a short window and sends them as one
 * message (decision 0017).
 */

/**
 * The "Demurrage and detention" list's number in the mail queue: not one of the spec's four
 * (settings.ts NOTIFICATION_LISTS), whose recipients it takes until the company sets its own.
 */
export const DEMURRAGE_LIST_NUMBER = 4;

export const EVENT_MAIL_KINDS = {
  /** A shipment entered Documents Required; `missing` names the document types still wanted. */
  documentsRequired: { tableNumber: 0, listName: 'documents' },
  /** A 7501 was posted for the importer's review. */
  entrySummaryPosted: { tableNumber: 2, listName: '7501' },
  /** A new invoice was posted. */
  invoicePosted: { tableNumber: 1, listName: 'invoice' },
  /** The broker approved a delivery order: it can be sent. */
  deliveryOrderApproved: { tableNumber: 3, listName: 'delivery' },
  /** A container's last free day is `reminder_days` working days away or nearer (decision 0031). */
  lastFreeDayDue: { tableNumber: DEMURRAGE_LIST_NUMBER, listName: 'demurrage and detention' },
  /** Demurrage or detention started: the day after the last free day came. */
  chargesStarted: { tableNumber: DEMURRAGE_LIST_NUMBER, listName: 'demurrage and detention' },
  /** The broker changed a container's last free day. */
  lastFreeDayChanged: { tableNumber: DEMURRAGE_LIST_NUMBER, listName: 'demurrage and detention' },
} as const;
export type EventMailKind = keyof typeof EVENT_MAIL_KINDS;

/** What an event carries, written when it happens, so the message reads as things were then. */
export type EventMailDetail =
  | { kind: 'documentsRequired'; shipmentId: number; entryNo: string; missing: string[] }
  | { kind: 'entrySummaryPosted'; shipmentId: number; entryNo: string }
  | { kind: 'invoicePosted'; invoiceId: number; invoiceNo: string; amount?: string; dueDate?: string }
  /** `orderId` names the order as the shipment page does (Delivery Order 105); events queued before it carry none. */
  | { kind: 'deliveryOrderApproved'; shipmentId: number; entryNo: string; referenceNumber: string; orderId?: number }
  | ContainerMailDetail<'lastFreeDayDue', { day: string }>
  | ContainerMailDetail<'chargesStarted', { day: string }>
  | ContainerMailDetail<'lastFreeDayChanged', { lfdChangeId: number; oldDay: string | null; newDay: string | null }>;

/**
 * A container's event: `which` last free day (the terminal's, for picking up, or the
 * detention one, for returning the empty); days as the company reads them (MM/dd/yyyy).
 */
type ContainerMailDetail<Kind extends string, Days> = {
  kind: Kind;
  shipmentId: number;
  entryNo: string;
  containerNo: string;
  which: 'terminal' | 'detention';
} & Days;

export const EVENT_MAIL_TEXTS = {
  subjectOne: {
    documentsRequired: 'Documents required for entry {entry}',
    entrySummaryPosted: '7501 ready for your review: entry {entry}',
    invoicePosted: 'New invoice {invoice}',
    deliveryOrderApproved: 'Delivery order approved for entry {entry}',
    lastFreeDayDue: 'Last free day {day} for container {container}',
    chargesStarted: 'Charges started for container {container}',
    lastFreeDayChanged: 'Last free day changed for container {container}',
  },
  subjectMany: {
    documentsRequired: 'Documents required for {count} shipments',
    entrySummaryPosted: '{count} 7501s ready for your review',
    invoicePosted: '{count} new invoices',
    deliveryOrderApproved: '{count} delivery orders approved',
    lastFreeDayDue: 'Last free day soon for {count} containers',
    chargesStarted: 'Charges started for {count} containers',
    lastFreeDayChanged: 'Last free day changed for {count} containers',
  },
  introOne: {
    documentsRequired: 'A shipment needs documents before it can clear customs.',
    entrySummaryPosted: 'A 7501 entry summary is ready for your review.',
    invoicePosted: 'A new invoice has been posted.',
    deliveryOrderApproved: 'A delivery order has been approved and can now be sent to the trucker.',
    lastFreeDayDue: 'A container reaches its last free day soon. After it, charges start every day.',
    chargesStarted: 'Free time has run out for a container: charges have started.',
    lastFreeDayChanged: 'The last free day of a container has changed.',
  },
  introMany: {
    documentsRequired: '{count} shipments need documents before they can clear customs.',
    entrySummaryPosted: '{count} 7501 entry summaries are ready for your review.',
    invoicePosted: '{count} new invoices have been posted.',
    deliveryOrderApproved: '{count} delivery orders have been approved and can now be sent to the truckers.',
    lastFreeDayDue: '{count} containers reach their last free day soon. After it, charges start every day.',
    chargesStarted: 'Free time has run out for {count} containers: charges have started.',
    lastFreeDayChanged: 'The last free day of {count} containers has changed.',
  },
  line: {
    documentsRequired: 'Entry {entry}: missing {missing}',
    entrySummaryPosted: 'Entry {entry}: 7501 ready for review',
    invoicePosted: 'Invoice {invoice}',
    deliveryOrderApproved: 'Entry {entry}: {order} approved',
    /** The order as the shipment page names it; an event queued without its id names none. */
    deliveryOrder: 'Delivery Order {id}',
    deliveryOrderUnnamed: 'a delivery order',
    /** The order's reference number, after the line, when it has one. */
    deliveryOrderReference: ' (reference {reference})',
    lastFreeDayDue: {
      terminal: 'Entry {entry}, container {container}: pick up by {day} (last free day at the terminal)',
      detention: 'Entry {entry}, container {container}: return the empty by {day} (detention last free day)',
    },
    chargesStarted: {
      terminal: 'Entry {entry}, container {container}: demurrage started, last free day was {day}',
      detention: 'Entry {entry}, container {container}: detention started, last free day was {day}',
    },
    lastFreeDayChanged: {
      terminal: 'Entry {entry}, container {container}: last free day at the terminal {from} → {to}',
      detention: 'Entry {entry}, container {container}: detention last free day {from} → {to}',
    },
    /** A last free day the broker sends for the first time. */
    lastFreeDaySet: {
      terminal: 'Entry {entry}, container {container}: last free day at the terminal is {to}',
      detention: 'Entry {entry}, container {container}: detention last free day is {to}',
    },
  },
  noDay: 'none',
  missingUnknown: 'the required documents',
  amountDue: 'amount {amount}',
  dueOn: 'due {date}',
  open: 'Open it: {link}',
  footer:
    'You receive this e-mail because you are on the {list} notification list of {company}. ' +
    'To change who receives it, go to Settings: {settings}',
} as const;

/**
 * The gathered events with each item told once, as it stands at the end of the window: a shipment
 * that entered Documents Required twice by what it misses last, a last free day moved twice from
 * the first day to the last (left out when it came back to where it was), the rest once. Each keeps
 * the place of its first event.
 */
export function mergedEvents(events: readonly EventMailDetail[]): EventMailDetail[] {
  const byItem = new Map<string, EventMailDetail>();
  for (const [index, event] of events.entries()) {
    const key = itemOf(event, index);
    const earlier = byItem.get(key);
    byItem.set(
      key,
      earlier?.kind === 'lastFreeDayChanged' && event.kind === 'lastFreeDayChanged'
        ? { ...event, oldDay: earlier.oldDay }
        : event,
    );
  }
  return [...byItem.values()].filter(
    (event) => !(event.kind === 'lastFreeDayChanged' && event.oldDay === event.newDay),
  );
}

/** What an event is about; `index` keeps apart an order event queued without its order's id. */
function itemOf(event: EventMailDetail, index: number): string {
  switch (event.kind) {
    case 'documentsRequired':
    case 'entrySummaryPosted':
      return String(event.shipmentId);
    case 'invoicePosted':
      return String(event.invoiceId);
    case 'deliveryOrderApproved':
      return event.orderId === undefined ? `#${index}` : String(event.orderId);
    case 'lastFreeDayDue':
    case 'chargesStarted':
      return `${event.shipmentId} ${event.containerNo} ${event.which} ${event.day}`;
    case 'lastFreeDayChanged':
      return `${event.shipmentId} ${event.containerNo} ${event.which}`;
  }
}

export type EventMailText = { subject: string; intro: string; lines: { text: string; link: string }[] };

/**
 * The subject, the opening sentence and one line per item (mergedEvents), with the page each line
 * links to; `events` must keep at least one item.
 */
export function eventMailText(
  kind: EventMailKind,
  gathered: readonly EventMailDetail[],
  publicUrl: string,
): EventMailText {
  const T = EVENT_MAIL_TEXTS;
  const events = mergedEvents(gathered);
  const first = events[0];
  if (!first) throw new Error('a message needs at least one event');
  const isOne = events.length === 1;
  const subject = isOne
    ? fillText(T.subjectOne[kind], subjectValues(first))
    : fillText(T.subjectMany[kind], { count: String(events.length) });
  const intro = isOne ? T.introOne[kind] : fillText(T.introMany[kind], { count: String(events.length) });
  return { subject, intro, lines: events.map((event) => lineOf(event, publicUrl)) };
}

function subjectValues(event: EventMailDetail): Record<string, string> {
  switch (event.kind) {
    case 'invoicePosted':
      return { invoice: event.invoiceNo };
    case 'lastFreeDayDue':
    case 'chargesStarted':
      return { container: event.containerNo, day: event.day };
    case 'lastFreeDayChanged':
      return { container: event.containerNo };
    default:
      return { entry: event.entryNo };
  }
}

function lineOf(event: EventMailDetail, publicUrl: string): { text: string; link: string } {
  const T = EVENT_MAIL_TEXTS;
  switch (event.kind) {
    case 'documentsRequired': {
      const missing = event.missing.length > 0 ? event.missing.join(', ') : T.missingUnknown;
      return {
        text: fillText(T.line.documentsRequired, { entry: event.entryNo, missing }),
        link: shipmentLink(publicUrl, event.shipmentId),
      };
    }
    case 'entrySummaryPosted':
      return {
        text: fillText(T.line.entrySummaryPosted, { entry: event.entryNo }),
        link: `${shipmentLink(publicUrl, event.shipmentId)}?${REVIEW_7501_PARAM}=${REVIEW_7501_VALUE}`,
      };
    case 'deliveryOrderApproved':
      return {
        text:
          fillText(T.line.deliveryOrderApproved, {
            entry: event.entryNo,
            order:
              event.orderId === undefined
                ? T.line.deliveryOrderUnnamed
                : fillText(T.line.deliveryOrder, { id: String(event.orderId) }),
          }) +
          (event.referenceNumber ? fillText(T.line.deliveryOrderReference, { reference: event.referenceNumber }) : ''),
        link: shipmentLink(publicUrl, event.shipmentId),
      };
    case 'lastFreeDayDue':
    case 'chargesStarted':
      return {
        text: fillText(T.line[event.kind][event.which], {
          entry: event.entryNo,
          container: event.containerNo,
          day: event.day,
        }),
        link: shipmentLink(publicUrl, event.shipmentId),
      };
    case 'lastFreeDayChanged':
      return {
        text: fillText((event.oldDay === null ? T.line.lastFreeDaySet : T.line.lastFreeDayChanged)[event.which], {
          entry: event.entryNo,
          container: event.containerNo,
          from: event.oldDay ?? T.noDay,
          to: event.newDay ?? T.noDay,
        }),
        link: shipmentLink(publicUrl, event.shipmentId),
      };
    case 'invoicePosted': {
      const parts = [fillText(T.line.invoicePosted, { invoice: event.invoiceNo })];
      if (event.amount) parts.push(fillText(T.amountDue, { amount: event.amount }));
      if (event.dueDate) parts.push(fillText(T.dueOn, { date: event.dueDate }));
      return { text: parts.join(', '), link: `${publicUrl}/billing/${event.invoiceId}` };
    }
  }
}

/**
 * The 7501 mail's link opens the shipment at its 7501's approval (after the login, when the
 * reader is signed out): `/shipments/{id}?review=7501`.
 */
export const REVIEW_7501_PARAM = 'review';
export const REVIEW_7501_VALUE = '7501';

function shipmentLink(publicUrl: string, shipmentId: number): string {
  return `${publicUrl}/shipments/${shipmentId}`;
}

/** The footer naming the list and where to change it. */
export function eventMailFooter(kind: EventMailKind, company: string, publicUrl: string): string {
  return fillText(EVENT_MAIL_TEXTS.footer, {
    list: EVENT_MAIL_KINDS[kind].listName,
    company,
    settings: `${publicUrl}/settings`,
  });
}
