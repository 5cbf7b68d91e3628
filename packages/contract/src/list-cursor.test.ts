import { describe, expect, it } from 'vitest';
import { isTimestampText } from './list-cursor.ts';

describe('a timestamp as text', () => {
  it.each(['2026-11-30 10:00:00', '2028-02-29 23:59:59', '0001-01-01 00:00:00', '9999-12-31 23:59:59'])(
    'takes %s',
    (text) => expect(isTimestampText(text)).toBe(true),
  );

  it.each([
    '2026-11-31 10:00:00',
    '2026-02-29 08:00:00',
    '2026-02-30 08:00:00',
    '2026-12-01 25:61:00',
    '2026-12-01 24:00:00',
    '2026-12-01 10:60:00',
    '2026-12-01 10:00:60',
    '0000-12-31 10:00:00',
  ])('refuses %s, which no calendar or clock has', (text) => expect(isTimestampText(text)).toBe(false));
});
