import { describe, expect, it } from 'vitest';
import { IngestionRecord } from './ingestion.ts';

/** The message a record is refused with, as the broker API and the command line's import tell it. */
const refusalOf = (record: unknown) => {
  const parsed = IngestionRecord.safeParse(record);
  return parsed.success
    ? undefined
    : [...new Set(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))];
};

describe('a record refused', () => {
  it('is told in the words of the field, not of the schema behind it', () => {
    const invoice = { kind: 'invoice', invoice_number: 'INV-1', account_no: '77001' };
    expect(refusalOf({ ...invoice, amount: '12.5' })).toEqual(['amount: must be dollars and cents, like 1234.56']);
    for (const id of [0, 1.5, 2_147_483_648, 1e20]) {
      expect(refusalOf({ kind: 'delivery_order_approval', delivery_order_id: id }), String(id)).toEqual([
        'delivery_order_id: must be a delivery order id, a whole number from 1 to 2147483647',
      ]);
    }
  });

  it('says how base64 is to be written: on one line, in the standard alphabet', () => {
    const summary = (content_base64: string) => ({
      kind: 'entry_summary',
      file_number: 'DMI-4124769-2',
      file: { name: '7501.pdf', content_base64 },
    });
    expect(refusalOf(summary('JVBERi0xLjcK'))).toBeUndefined();
    // As a mail program wraps it, and as a URL-safe encoder writes it.
    for (const text of ['JVBERi0x\nLjcK', 'JVBERi0x-_cK']) {
      expect(refusalOf(summary(text)), text).toEqual([
        'file.content_base64: must be base64 on one line: A-Z, a-z, 0-9, + and /, with = at the end (no line breaks, no URL-safe - or _)',
      ]);
    }
  });
});
