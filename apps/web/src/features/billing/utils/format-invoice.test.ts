import { describe, expect, it } from 'vitest';
import { formatAmount, formatDueDate, formatInvoiceDate } from './format-invoice.ts';

describe('invoice formats', () => {
  it('shows dates MM/dd/yyyy, the due date as the calendar day it names', () => {
    expect(formatInvoiceDate(new Date(2026, 2, 7, 15).toISOString())).toBe('03/07/2026');
    expect(formatInvoiceDate('not a date')).toBe('');
    expect(formatDueDate('2026-12-31')).toBe('12/31/2026');
    expect(formatDueDate(null)).toBe('');
  });

  it('shows amounts in dollars, exactly, with thousands grouped', () => {
    expect(formatAmount('19999999999.99')).toBe('$19,999,999,999.99');
    expect(formatAmount('0.10')).toBe('$0.10');
    expect(formatAmount('-1234.50')).toBe('-$1,234.50');
    expect(formatAmount(null)).toBe('');
  });
});
