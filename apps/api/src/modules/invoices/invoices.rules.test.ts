import { describe, expect, it } from 'vitest';
import { escapeLike } from '../../lib/escape-like.ts';
import { criteriaOf, csvField, csvLine, invoiceFileName, todayOf } from './invoices.rules.ts';

describe('invoice list rules', () => {
  it('reads empty filters as no filter', () => {
    expect(criteriaOf({ search: '', account_no: '', payment_status: '' }, '2026-11-23')).toEqual({
      accountNo: undefined,
      search: undefined,
      paymentStatus: undefined,
      today: '2026-11-23',
    });
    expect(criteriaOf({ search: 'mscu', account_no: '40001', payment_status: 'overdue' }, '2026-11-23')).toEqual({
      accountNo: '40001',
      search: 'mscu',
      paymentStatus: 'overdue',
      today: '2026-11-23',
    });
  });

  it("takes the day in the company's time zone", () => {
    expect(todayOf(new Date('2026-11-23T23:59:59-05:00'), 'UTC')).toBe('2026-11-24');
    expect(todayOf(new Date('2026-11-23T23:59:59-05:00'), 'America/New_York')).toBe('2026-11-23');
    expect(todayOf(new Date('2026-11-24T07:59:59Z'), 'America/Los_Angeles')).toBe('2026-11-23');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('10%_a\\b')).toBe('10\\%\\_a\\\\b');
  });

  it('writes CSV fields quoted when needed, and defuses formulas but not negative numbers', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvLine(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });
});

describe('invoiceFileName', () => {
  it('names the PDF and the backup by the invoice number, or the id when there is none', () => {
    expect(invoiceFileName({ id: 7, invoiceNumber: 'INV-260342' }, 'path', 'pdf')).toBe('Invoice INV-260342.pdf');
    expect(invoiceFileName({ id: 7, invoiceNumber: 'INV-260342' }, 'backup', 'png')).toBe(
      'Invoice INV-260342 backup.png',
    );
    expect(invoiceFileName({ id: 7, invoiceNumber: '' }, 'path', 'pdf')).toBe('Invoice 7.pdf');
  });
});
