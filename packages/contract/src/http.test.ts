import { describe, expect, it } from 'vitest';
import { API_PATHS, filePath } from './paths.ts';
import { CcEmails, EntityId, fromDigits, Id, MAX_ID, WHOLE_NUMBER_MESSAGE, wholeNumber } from './http.ts';

describe('filePath', () => {
  it('puts a storage key under API_PATHS.file, each segment encoded', () => {
    expect(filePath('documents/0b1c.pdf')).toBe('/user/files/documents/0b1c.pdf');
    expect(filePath('a b/c#d.pdf')).toBe('/user/files/a%20b/c%23d.pdf');
    expect(API_PATHS.file.replace('*', 'documents/0b1c.pdf')).toBe(filePath('documents/0b1c.pdf'));
  });
});

describe('ids', () => {
  it('are positive PostgreSQL integers', () => {
    expect(Id.parse('42')).toBe(42);
    expect(Id.safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(EntityId.safeParse(MAX_ID).success).toBe(true);
    expect(EntityId.safeParse(0).success).toBe(false);
  });

  it('past what JavaScript holds exactly, are refused by their own bound, not by the one of JavaScript', () => {
    const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
    const tooBig = `Too big: expected number to be <=${MAX_ID}`;
    expect(first(Id.safeParse('9007199254740993'))).toBe(tooBig);
    expect(first(EntityId.safeParse(Number.MAX_SAFE_INTEGER + 2))).toBe(tooBig);
    expect(first(EntityId.safeParse(1e300))).toBe(tooBig);
    expect(first(EntityId.safeParse(1.5))).toBe('Invalid input: expected int, received number');
    expect(first(EntityId.safeParse(0))).toBe('Too small: expected number to be >=1');
  });
});

describe('numbers in a path or query', () => {
  const page = fromDigits(wholeNumber(1, 100).default(1));

  it('are read from their decimal digits, or taken as numbers', () => {
    expect(page.parse('16')).toBe(16);
    expect(page.parse('016')).toBe(16);
    expect(page.parse(16)).toBe(16);
    expect(page.parse(undefined)).toBe(1);
  });

  it('refuse what Number() would read as another number, saying so', () => {
    for (const value of ['0x10', '1e1', ' 5', '5 ', '+5', '', '1.0', '0b1', 'Infinity', '9'.repeat(17)]) {
      const parsed = page.safeParse(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error?.issues[0]?.message, value).toBe(WHOLE_NUMBER_MESSAGE);
    }
    expect(Id.safeParse('0x10').success).toBe(false);
  });

  it('keep the bounds of the number they read', () => {
    expect(page.safeParse('0').error?.issues[0]?.code).toBe('too_small');
    expect(page.safeParse('101').error?.issues[0]?.code).toBe('too_big');
  });
});

describe('CcEmails', () => {
  const addresses = (count: number) => Array.from({ length: count }, (_, index) => `copy${index}@example.com`);

  it('keeps each address once, the first written, and counts it once', () => {
    const list = [...addresses(10), 'COPY0@example.com', 'copy9@EXAMPLE.com'];
    expect(CcEmails().parse(list)).toEqual(addresses(10));
  });

  it('refuses more than ten different addresses with the message it is given', () => {
    const parsed = CcEmails('The list is full.').safeParse(addresses(11));
    expect(parsed.error?.issues[0]?.message).toBe('The list is full.');
  });
});
