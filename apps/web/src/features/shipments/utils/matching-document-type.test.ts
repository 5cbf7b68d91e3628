import { describe, expect, it } from 'vitest';
import { matchingDocumentType } from './matching-document-type.ts';

const TYPES = [
  { type: 'Arrival Notice', required: 1, submitted: 0 },
  { type: 'Bill of Lading', required: 1, submitted: 0 },
  { type: 'Commercial Invoice', required: 1, submitted: 0 },
  { type: 'Packing Slip', required: 1, submitted: 1 },
  { type: '7501', required: 0, submitted: 0 },
] as const;

describe('matchingDocumentType', () => {
  it.each([
    ['invoice.Pdf', 'Commercial Invoice'],
    ['COMMERCIAL-INVOICE_4411.pdf', 'Commercial Invoice'],
    ['BL 88231.pdf', 'Bill of Lading'],
    ['bill_of_lading.png', 'Bill of Lading'],
    ['arrival notice.docx', 'Arrival Notice'],
  ])('offers %s as the %s', (file, type) => {
    expect(matchingDocumentType(file, TYPES)).toBe(type);
  });

  it('offers nothing for a name that matches no open type, an already submitted one, or two alike', () => {
    expect(matchingDocumentType('scan-0042.pdf', TYPES)).toBeNull();
    expect(matchingDocumentType('packing slip.pdf', TYPES)).toBeNull();
    expect(matchingDocumentType('7501.pdf', TYPES)).toBeNull();
    expect(matchingDocumentType('notice and invoice.pdf', TYPES)).toBeNull();
  });
});
