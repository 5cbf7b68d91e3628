import { describe, expect, it } from 'vitest';
import { formatAmount, formatInvoiceDay } from './format-invoice.ts';

describe('invoice formats', () => {
  it('shows an invoice’s days MM/dd/yyyy, as the calendar days they name', () => {
    expect(formatInvoiceDay('2026-12-31')).toBe('12/31/2026');
    expect(formatInvoiceDay(null)).toBe('');
  });

  it('shows amounts in dollars, exactly, with thousands grouped', () => {
    expect(formatAmount('19999999999.99')).toBe('$19,999,999,999.99');
    expect(formatAmount('0.10')).toBe('$0.10');
    expect(formatAmount('-1234.50')).toBe('-$1,234.50');
    expect(formatAmount(null)).toBe('');
  });
});
