import { describe, expect, it } from 'vitest';
import {
  ENTRY_TYPE_CODES,
  ENTRY_TYPES,
  entryCheckDigit,
  formatCents,
  formatEntryNumber,
  formatHtsNumber,
  hmfCents,
  isValidEntryNumber,
  MPF_MAXIMUM_CENTS,
  MPF_MINIMUM_CENTS,
  mpfCents,
  portName,
} from './customs-entry.ts';

describe('entry types', () => {
  it('are listed 01 to 86, as the filter and the API description offer them', () => {
    expect(ENTRY_TYPE_CODES.slice(0, 6)).toEqual(['01', '02', '03', '06', '07', '11']);
    expect(ENTRY_TYPE_CODES.at(-1)).toBe('86');
    expect([...ENTRY_TYPE_CODES].sort()).toEqual(ENTRY_TYPE_CODES);
    expect(new Set(ENTRY_TYPE_CODES)).toEqual(new Set(Object.keys(ENTRY_TYPES)));
  });
});

describe('entry numbers', () => {
  it('computes the check digit over the filer code and the number, doubling every second digit from the right', () => {
    // 1 2 3 4 5 6 7 8 9 0: 0·2 + 9 + (8·2 → 1+6) + 7 + (6·2 → 1+2) + 5 + 4·2 + 3 + 2·2 + 1 = 47, so 3.
    expect(entryCheckDigit('123', '4567890')).toBe(3);
    expect(isValidEntryNumber('123-4567890-3')).toBe(true);
    expect(isValidEntryNumber('123-4567890-4')).toBe(false);
  });

  it('counts a filer code letter as CBP does: A–I 1–9, J–R 1–9, S–Z 2–9', () => {
    expect(entryCheckDigit('AJS', '0000000')).toBe(entryCheckDigit('112', '0000000'));
    expect(entryCheckDigit('IRZ', '0000000')).toBe(entryCheckDigit('999', '0000000'));
    expect(formatEntryNumber('DMI', 4120012)).toBe('DMI-4120012-1');
    expect(isValidEntryNumber('DMI-4120013-9')).toBe(true);
  });

  it('refuses what is not XXX-NNNNNNN-C', () => {
    for (const text of ['dmi-4120012-1', 'DMI41200121', 'DMI-412001-1', 'DMI-4120012-', 'DM-14120012-1', '']) {
      expect(isValidEntryNumber(text), text).toBe(false);
    }
  });

  it('finds every single mistyped digit', () => {
    const valid = formatEntryNumber('B76', 537119);
    for (let position = 4; position < 11; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        const typed = valid.slice(0, position) + digit + valid.slice(position + 1);
        if (typed !== valid) expect(isValidEntryNumber(typed), typed).toBe(false);
      }
    }
  });
});

describe('fees', () => {
  it('charges MPF at 0.3464 % within its minimum and maximum', () => {
    expect(mpfCents(100_00)).toBe(MPF_MINIMUM_CENTS);
    expect(mpfCents(100_000_00)).toBe(346_40);
    expect(mpfCents(1_000_000_00)).toBe(MPF_MAXIMUM_CENTS);
  });

  it('charges HMF at 0.125 % on ocean freight only', () => {
    expect(hmfCents(100_000_00, 'ocean')).toBe(125_00);
    expect(hmfCents(100_000_00, 'air')).toBe(0);
    expect(hmfCents(100_000_00, 'truck')).toBe(0);
  });
});

describe('display', () => {
  it('shows HTS numbers, ports and amounts as a clerk reads them', () => {
    expect(formatHtsNumber('8471300100')).toBe('8471.30.0100');
    expect(portName('4601')).toBe('4601 New York/Newark Area, Newark, NJ');
    expect(portName('9999')).toBe('9999');
    expect(formatCents(1_234_567)).toBe('$12,345.67');
    expect(formatCents(-5)).toBe('-$0.05');
  });
});
