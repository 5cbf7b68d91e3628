import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  isOneLineText,
  isPlainText,
  LINE_BREAK_MESSAGE,
  oneLineText,
  plainText,
} from './plain-text.ts';
import { UNSTORABLE_TEXT_MESSAGE } from './storable-text.ts';

const CONTROL_CHARACTERS = ['\u0001', 'bell \u0007', '\u0008', '\u000b', '\u000c', 'esc \u001b[31m', '\u001f'];
CONTROL_CHARACTERS.push('\u007f', '\u0085', '\u009f', 'gpj\u202e.exe', '\u202a', '\u202b', '\u202c', '\u202d');
CONTROL_CHARACTERS.push('\u2066', '\u2067', '\u2068', 'x\u2069');

describe('plain text of many lines', () => {
  it('accepts ordinary text, line breaks, tabs, accents, emoji and right-to-left letters', () => {
    for (const text of ['', 'ACME Trucking', 'two\nlines\r\nthree\ttab', 'Café Ünal 📦', 'שלום', 'سلام', '\u200f']) {
      expect(isPlainText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses other control characters and bidirectional overrides, embeddings and isolates', () => {
    for (const text of CONTROL_CHARACTERS) expect(isPlainText(text), JSON.stringify(text)).toBe(false);
  });

  it('refuses what PostgreSQL cannot store', () => {
    for (const text of ['a\u0000b', '\ud800', 'x\udfffy']) expect(isPlainText(text), JSON.stringify(text)).toBe(false);
  });

  it('adds the refusal to a field schema, after its own checks', () => {
    const note = plainText(z.string().trim().max(5));
    expect(note.parse('  ok  ')).toBe('ok');
    expect(note.parse('a\nb')).toBe('a\nb');
    expect(note.safeParse('a\u202eb').error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(note.safeParse('\ud800').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(note.safeParse('toolong').success).toBe(false);
  });
});

describe('one-line text', () => {
  it('accepts what a name, a reference or an address line holds', () => {
    for (const text of ['', 'ACME Trucking', "O'Brien & Sons, Inc.", 'Café Ünal 📦', 'שלום', '\u200f', 'PO #4471/B']) {
      expect(isOneLineText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses line breaks of every kind, tabs, and what plain text refuses', () => {
    const refused = ['Eve\r\nBcc: attacker@evil.test', 'a\nb', 'a\rb', 'a\u2028b', 'a\u2029b', 'a\tb', '\u0000'];
    for (const text of [...refused, ...CONTROL_CHARACTERS, '\ud800']) {
      expect(isOneLineText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('says which refusal it is', () => {
    const name = oneLineText(z.string().trim().min(1).max(100));
    expect(name.parse('  Eve  ')).toBe('Eve');
    expect(name.parse('Eve\r\n')).toBe('Eve');
    expect(name.safeParse('Eve\r\nBcc: attacker@evil.test').error?.issues[0]?.message).toBe(LINE_BREAK_MESSAGE);
    expect(name.safeParse('Eve\u2028Bcc: x').error?.issues[0]?.message).toBe(LINE_BREAK_MESSAGE);
    expect(name.safeParse('Eve\tSmith').error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(name.safeParse('Eve\u0007').error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(name.safeParse('Eve\u0000').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
  });
});
