import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatUsd, PaymentInstructionsInput } from './invoices.ts';

describe('formatUsd', () => {
  it.each([
    ['1234.50', '$1,234.50'],
    ['2000', '$2,000.00'],
    ['0012.00', '$12.00'],
    ['0012.5', '$12.50'],
    ['0', '$0.00'],
    ['000.07', '$0.07'],
    ['-1234567.8', '-$1,234,567.80'],
  ])('writes %s as %s, as the portal shows the amount', (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
    // The same dollars however written.
    expect(formatUsd(centsToAmount(amountToCents(amount)))).toBe(shown);
  });
});

describe('PaymentInstructionsInput', () => {
  it.each([
    ['ar@broker.example'],
    [['ar@broker.example']],
    [['a@broker.example', 'b@broker.example', 'c@broker.example', 'd@broker.example']],
  ])('tells check_image_emails of another shape what it is to be: %j', (emails) => {
    expect(
      PaymentInstructionsInput.shape.check_image_emails.safeParse(emails).error?.issues.map((issue) => issue.message),
    ).toEqual(['must be a list of three e-mail addresses, as ["ar@broker.example", "…", "…"]']);
  });
});
