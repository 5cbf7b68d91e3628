import { RECORD_YEARS } from '@clearport/contract/calendar';

/**
 * The texts of a shipment's containers' free days (docs/decisions/0029-demurrage.md): the panel
 * on the shipment page and the delivery order editor's pick-up warning. Apart from WEB_TEXTS so
 * that only the shipment page carries them. The states' own words are the contract's
 * freeDaysStateText.
 */
export const CONTAINER_TEXTS = {
  title: 'Containers: free days',
  loading: 'Loading the containers’ free days...',
  loadFailed: 'The containers’ free days could not be loaded.',
  noContainers: 'This shipment has no containers yet.',
  noDates: 'Your broker has not sent this container’s dates yet.',
  discharged: 'Discharged',
  available: 'Available for pick-up',
  lastFreeDay: 'Last free day',
  holds: 'Terminal holds',
  noHolds: 'None',
  customsHold: 'Customs',
  lineHold: 'Line',
  otherHold: 'Other',
  gatedOut: 'Gated out',
  delivered: 'Delivered',
  returnBy: 'Return empty by',
  emptyReturned: 'Empty returned',
  demurrageRates: 'Demurrage rate',
  detentionRates: 'Detention rate',
  /** One tier of a rate: {amount} a day from charged day {day}. */
  rateTier: '{amount}/day from day {day}',
  history: 'Last free day changes',
  terminalChange: 'Last free day',
  detentionChange: 'Return by',
  /** {which} is terminalChange or detentionChange, {from} and {to} days, {when} an instant. */
  change: '{which}: {from} → {to}, {when}',
  notSet: 'not set',
  estimateNote:
    'Charges are estimates from the rates your broker sent; the terminal’s and the line’s invoices are final.',
  /** The delivery order editor: the pick-up date field and its warning. */
  pickupDate: 'Pick-up date',
  /** {containers} the containers' numbers with their last free days, {date} the pick-up date. */
  pickupAfterLastFreeDay:
    'A pick-up on {date} is after the last free day of {containers}: demurrage may be charged from the day after it.',
  /** A day the calendar does not have (02/30), one left half typed, or a year of five digits. */
  pickupDateUnreadable: 'Enter a pick-up date the calendar has, as 12/02/2026, or clear the field.',
  /** A day before or after the record years, as a slip of the keys gives (0226 for 2026). */
  pickupDateYears: `Enter a pick-up date in the years ${RECORD_YEARS}, as 12/02/2026, or clear the field.`,
} as const;
