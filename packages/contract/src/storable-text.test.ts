import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text.ts';

describe('storable text', () => {
  it('accepts ordinary text, line breaks, emoji and control characters PostgreSQL stores', () => {
    for (const text of ['', 'Entry 4120037', 'two\nlines\ttab', 'crate 📦', 'bell \u0007', '\u202e']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses the NUL character and lone surrogates', () => {
    for (const text of ['a\u0000b', '\u0000', '\ud800', 'x\udfffy', '\ude00\ud83d']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the first field that cannot be stored, nested in objects and arrays', () => {
    expect(findUnstorableText({ note: 'fine', list: ['ok', { name: 'a\u0000' }] })).toBe('list.1.name');
    expect(findUnstorableText({ reference_no: '\ud800' })).toBe('reference_no');
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnstorableText({ note: 'fine', count: 3, nothing: null })).toBeUndefined();
    expect(findUnstorableText('top\u0000', ['status'])).toBe('status');
  });
});
