/**
 * The HTML part of the server's mail, sent beside the text part (multipart/alternative): the same
 * words in plain markup with inline styles and nothing loaded from elsewhere, so that a mail
 * client that strips style sheets or blocks remote content shows it whole.
 */

/** Text as HTML, every character that could start markup or end an attribute as an entity. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A line of a mail: text, or a link, whose address the HTML part shows as the link's text. */
export type MailLine = string | { link: string };

/** A paragraph of a mail: its lines, one under the other. */
export type MailParagraph = readonly MailLine[];

const lineHtml = (line: MailLine) =>
  typeof line === 'string'
    ? escapeHtml(line).replace(/\r\n|\r|\n/g, '<br>\n')
    : `<a href="${escapeHtml(line.link)}">${escapeHtml(line.link)}</a>`;

/** A paragraph as HTML: its lines escaped, a link as an `<a href>` that reads as its address. */
export const paragraphHtml = (paragraph: MailParagraph): string => `<p>${paragraph.map(lineHtml).join('<br>\n')}</p>`;

/** A mail's HTML: its blocks of markup, and the footer (text) in small grey type under a rule. */
export function mailHtml(blocks: readonly string[], footer?: string): string {
  return [
    ...blocks,
    ...(footer === undefined ? [] : [`<hr><p style="color:#555;font-size:12px">${escapeHtml(footer)}</p>`]),
  ].join('\n');
}

/**
 * A mail of paragraphs as its text part and its HTML alternative: in the text, the paragraphs
 * stand apart by an empty line and a link is its address on its own line.
 */
export function mailParts(paragraphs: readonly MailParagraph[]): { text: string; html: string } {
  const text = paragraphs
    .map((paragraph) => paragraph.map((line) => (typeof line === 'string' ? line : line.link)).join('\n'))
    .join('\n\n');
  return { text: `${text}\n`, html: mailHtml(paragraphs.map(paragraphHtml)) };
}
