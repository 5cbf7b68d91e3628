import { describe, expect, it } from 'vitest';
import { seededBytes } from '../../test/real-world-files.ts';
import { hasMarkup, hasMarkupInTextRuns, hasSniffedMarkup, SNIFFED_BYTES } from './html-markup.ts';

/** Binary bytes with no text in them, so that only what a test puts in is text. */
const binary = (length: number) => Buffer.alloc(length, 0xff);
/** `markup` placed at `at` in `bytes`. */
function put(bytes: Buffer, at: number, markup: string): Buffer {
  const copy = Buffer.from(bytes);
  copy.write(markup, at, 'latin1');
  return copy;
}

describe('hasSniffedMarkup', () => {
  it('finds, in any case, the tags a browser sniffs and handlers in the first KiB, among binary bytes', () => {
    for (const markup of [
      '<html>',
      '<HEAD>',
      '<Body onload=x>',
      '<div>',
      '<img src=x>',
      '<svg/onload=alert(1)>',
      '<style>',
      '<title>',
      '<table>',
      '<iframe src=x>',
      '<!DOCTYPE html>',
      '<!-- x -->',
      '<x onMouseOver = alert(1)>',
      '<x src="y"onerror=alert(1)>',
      'href=JavaScript:alert(1)',
    ]) {
      expect(hasSniffedMarkup(put(binary(4_096), 500, markup)), markup).toBe(true);
    }
  });

  it('counts a tag that starts in the first KiB and ends after it', () => {
    expect(hasSniffedMarkup(put(binary(4_096), SNIFFED_BYTES - 2, '<div>'))).toBe(true);
  });

  it('leaves what only looks like a tag: a longer name, a name ended by a letter, a namespace prefix', () => {
    for (const text of [
      '<divider>',
      '<bodyx',
      '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
      '<rdf:li>',
      'onion=1',
      ' on=1',
    ]) {
      expect(hasSniffedMarkup(put(binary(4_096), 500, text)), text).toBe(false);
    }
  });

  it('past the first KiB, finds only what runs: scripts, frames, objects, scripting URLs', () => {
    for (const markup of ['<script>', '<iframe src=x>', '<object data=x>', '<embed src=x>', 'javascript:x']) {
      expect(hasSniffedMarkup(put(binary(3 * 1024 * 1024), 2 * 1024 * 1024 - 3, markup)), markup).toBe(true);
    }
    for (const markup of ['<div onmouseover=x>', '<html>', '<p>']) {
      expect(hasSniffedMarkup(put(binary(8_192), 4_000, markup)), markup).toBe(false);
    }
  });

  it('finds nothing in megabytes of random bytes', () => {
    for (const seed of ['a', 'b', 'c', 'd'])
      expect(hasSniffedMarkup(seededBytes(8 * 1024 * 1024, seed)), seed).toBe(false);
  });
});

describe('hasMarkupInTextRuns', () => {
  const text = (words: string) => Buffer.from(`${'Shipment MAEU-2231-88 cleared. '.repeat(3)}${words}`, 'latin1');

  it('finds any markup, the shortest tags included, in a run of text', () => {
    for (const markup of ['<p>', '<a href=x>', '<b>', '<br/>', '<h1>', '<div>', '<x onclick=y>']) {
      const bytes = Buffer.concat([binary(2_000), text(markup), binary(100)]);
      expect(hasMarkupInTextRuns(bytes), markup).toBe(true);
    }
  });

  it('leaves a short tag among binary bytes: past the first KiB, fewer than 24 text bytes in a row', () => {
    expect(hasMarkupInTextRuns(put(binary(4_096), 2_000, 'ab <p> 0123456789abcdef'))).toBe(false);
    expect(hasMarkupInTextRuns(put(binary(4_096), 2_000, 'ab <p> 0123456789abcdefg'))).toBe(true);
  });

  it('in the first KiB, where browsers sniff, 12 text bytes in a row are text', () => {
    expect(hasMarkupInTextRuns(put(binary(4_096), 0, '%PDF-1.7\n<p>'))).toBe(true);
    expect(hasMarkupInTextRuns(put(binary(4_096), 0, '%PDF-17<p>'))).toBe(false);
  });

  it('reads only the range given', () => {
    const bytes = Buffer.concat([binary(2_000), text('<p>'), binary(100)]);
    expect(hasMarkupInTextRuns(bytes, 0, 2_000)).toBe(false);
    expect(hasMarkupInTextRuns(bytes, 2_000, bytes.length)).toBe(true);
  });

  it('finds nothing in megabytes of random bytes, nor in megabytes of plain text', () => {
    expect(hasMarkupInTextRuns(seededBytes(16 * 1024 * 1024, 'runs'))).toBe(false);
    expect(hasMarkupInTextRuns(Buffer.alloc(20 * 1024 * 1024, ' '))).toBe(false);
  });
});

describe('hasMarkup', () => {
  it('reads every byte of a text as text, so a tag counts among any others', () => {
    expect(hasMarkup(Buffer.from('\xff<p>\xff', 'latin1'))).toBe(true);
    expect(hasMarkup(Buffer.from('Comment\0Created with GIMP', 'latin1'))).toBe(false);
  });
});
