import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, isPlainText, plainText } from './plain-text.ts';

describe('plain text', () => {
  it('accepts ordinary text, line breaks, tabs, accents, emoji and right-to-left letters', () => {
    for (const text of ['', 'ACME Trucking', 'two\nlines\r\nthree\ttab', 'Café Ünal 📦', 'שלום', 'سلام', '\u200f']) {
      expect(isPlainText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses other control characters and bidirectional overrides, embeddings and isolates', () => {
    const refused = ['\u0000', '\u0001', 'bell \u0007', '\u0008', '\u000b', '\u000c', 'esc \u001b[31m', '\u001f'];
    refused.push('\u007f', '\u0085', '\u009f', 'gpj\u202e.exe', '\u202a', '\u202b', '\u202c', '\u202d');
    refused.push('\u2066', '\u2067', '\u2068', 'x\u2069');
    for (const text of refused) expect(isPlainText(text), JSON.stringify(text)).toBe(false);
  });

  it('adds the refusal to a field schema, after its own checks', () => {
    const name = plainText(z.string().trim().max(5));
    expect(name.parse('  ok  ')).toBe('ok');
    const result = name.safeParse('a\u202eb');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(name.safeParse('toolong').success).toBe(false);
  });
});
