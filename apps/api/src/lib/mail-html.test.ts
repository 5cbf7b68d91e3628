import { describe, expect, it } from 'vitest';
import { escapeHtml, mailHtml, mailParts, paragraphHtml } from './mail-html.ts';

describe('mail HTML', () => {
  it('escapes what could start markup or end an attribute', () => {
    expect(escapeHtml(`<b>Ann & Co</b> "O'Neil"`)).toBe('&#60;b&#62;Ann &#38; Co&#60;/b&#62; &#34;O&#39;Neil&#34;');
  });

  it('shows a link as an <a href> that reads as its address, and keeps a line break of the text', () => {
    expect(paragraphHtml(['Open this <link>:', { link: 'https://portal.test/a?b=1&c="2"' }, 'One\ntwo'])).toBe(
      '<p>Open this &#60;link&#62;:<br>\n' +
        '<a href="https://portal.test/a?b=1&#38;c=&#34;2&#34;">https://portal.test/a?b=1&#38;c=&#34;2&#34;</a><br>\n' +
        'One<br>\ntwo</p>',
    );
  });

  it('sets the footer apart under a rule, escaped', () => {
    expect(mailHtml(['<p>Body</p>'], 'Sent to <you>')).toBe(
      '<p>Body</p>\n<hr><p style="color:#555;font-size:12px">Sent to &#60;you&#62;</p>',
    );
    expect(mailHtml(['<p>Body</p>'])).toBe('<p>Body</p>');
  });

  it('writes the same paragraphs as text, a link as its address on its own line', () => {
    const { text, html } = mailParts([['Hello A & B,'], ['Open this link:', { link: 'https://portal.test/x' }]]);
    expect(text).toBe('Hello A & B,\n\nOpen this link:\nhttps://portal.test/x\n');
    expect(html).toBe(
      '<p>Hello A &#38; B,</p>\n<p>Open this link:<br>\n<a href="https://portal.test/x">https://portal.test/x</a></p>',
    );
  });
});
