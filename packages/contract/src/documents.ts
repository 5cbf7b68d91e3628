/** Document types of a shipment. The per-document display abbreviates the first four. */
export const DOCUMENT_TYPES = {
  arrivalNotice: 'Arrival Notice',
  billOfLading: 'Bill of Lading',
  commercialInvoice: 'Commercial Invoice',
  packingSlip: 'Packing Slip',
  /** The CBP 7501 entry summary, produced by the broker for the client's review. */
  form7501: '7501',
  form7501Signed: '7501 Signed',
} as const;

/** The AN, BL, CI and PS ticks of the per-document account. */
export const TRACKED_DOCUMENT_ABBREVIATIONS: ReadonlyArray<{ type: string; abbreviation: string }> = [
  { type: DOCUMENT_TYPES.arrivalNotice, abbreviation: 'AN' },
  { type: DOCUMENT_TYPES.billOfLading, abbreviation: 'BL' },
  { type: DOCUMENT_TYPES.commercialInvoice, abbreviation: 'CI' },
  { type: DOCUMENT_TYPES.packingSlip, abbreviation: 'PS' },
];

/** Documents of these types are hidden from the upload list. */
export const FORM_7501_TYPES: readonly string[] = [DOCUMENT_TYPES.form7501, DOCUMENT_TYPES.form7501Signed];

export function is7501Type(type: string): boolean {
  return FORM_7501_TYPES.includes(type);
}
