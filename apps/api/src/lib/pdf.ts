import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { BROKERAGE_NAME } from '@clearport/contract/constants';

/**
 * Documents of labelled fields in sections, on US Letter pages: the delivery order and the demo
 * brokerage's files. pdf-lib with the standard Helvetica only (no font file), so a document
 * takes a millisecond or two and a few kilobytes.
 */

export type PdfField = readonly [label: string, value: string];
export type PdfSection = { heading?: string; fields: readonly PdfField[] };
export type FieldsDocument = {
  title: string;
  /** A line under the title. */
  subtitle?: string;
  sections: readonly PdfSection[];
  /** At the foot of every page. */
  footer: string;
};

const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const VALUE_INDENT = 150;
const TEXT_SIZE = 10;
const LINE_HEIGHT = 16;
const HEADING_SIZE = 12;
const HEADING_HEIGHT = 26;
const SECTION_GAP = 10;
/** Lines stop above the footer. */
const BOTTOM = MARGIN + 24;

/** The fonts and the grey of labels and rules. */
type Fonts = { regular: PDFFont; bold: PDFFont; grey: Color };

/** One section's part on one page: its heading (first part only) and its lines in two columns. */
type Block = { heading?: string; labels: string[]; values: string[]; y: number };

export async function renderFieldsPdf(document: FieldsDocument): Promise<Uint8Array> {
  // Loaded at the first document rather than at the server's start.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(document.title);
  pdf.setProducer(BROKERAGE_NAME);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    grey: rgb(0.35, 0.35, 0.35),
  };
  const printable = printableIn(fonts.regular);
  const valueWidth = PAGE[0] - 2 * MARGIN - VALUE_INDENT;
  const fits = (line: string) => fonts.regular.widthOfTextAtSize(line, TEXT_SIZE) <= valueWidth;

  const pages: Block[][] = [[]];
  // Below the title block that drawTitle draws on the first page.
  let y = PAGE[1] - MARGIN - 54 - (document.subtitle ? 18 : 0);
  const newPage = () => {
    pages.push([]);
    y = PAGE[1] - MARGIN;
  };
  for (const section of document.sections) {
    const lines = section.fields.flatMap(([label, value]) =>
      wrap(printable(value), fits).map((line, index) => [index === 0 ? printable(label) : '', line] as const),
    );
    const headingHeight = section.heading ? HEADING_HEIGHT : 0;
    // A heading never stands alone at the foot of a page.
    if (y - headingHeight - LINE_HEIGHT < BOTTOM) newPage();
    let block: Block = {
      heading: section.heading && printable(section.heading),
      labels: [],
      values: [],
      y: y - headingHeight,
    };
    pages.at(-1)!.push(block);
    y -= headingHeight;
    for (const [label, value] of lines) {
      if (y - LINE_HEIGHT < BOTTOM) {
        newPage();
        block = { labels: [], values: [], y };
        pages.at(-1)!.push(block);
      }
      block.labels.push(label);
      block.values.push(value);
      y -= LINE_HEIGHT;
    }
    y -= SECTION_GAP;
  }

  pages.forEach((blocks, index) => {
    const page = pdf.addPage(PAGE);
    if (index === 0)
      drawTitle(page, fonts, printable(document.title), document.subtitle && printable(document.subtitle));
    for (const block of blocks) drawBlock(page, fonts, block);
    const footer = pages.length > 1 ? `${document.footer}   Page ${index + 1} of ${pages.length}` : document.footer;
    page.drawText(printable(footer), { x: MARGIN, y: MARGIN, size: 8, font: fonts.regular, color: fonts.grey });
  });
  // Without object streams pdf-lib saves about twice as fast; the files stay small.
  return pdf.save({ useObjectStreams: false, objectsPerTick: Infinity });
}

function drawTitle(page: PDFPage, fonts: Fonts, title: string, subtitle: string | undefined): void {
  let y = PAGE[1] - MARGIN;
  page.drawText(BROKERAGE_NAME, { x: MARGIN, y, size: 10, font: fonts.regular, color: fonts.grey });
  y -= 28;
  page.drawText(title, { x: MARGIN, y, size: 18, font: fonts.bold });
  if (subtitle) {
    y -= 18;
    page.drawText(subtitle, { x: MARGIN, y, size: TEXT_SIZE, font: fonts.regular });
  }
  y -= 12;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE[0] - MARGIN, y }, thickness: 0.75, color: fonts.grey });
}

/** Two columns of lines, drawn with one call each: pdf-lib's cost is per call, not per line. */
function drawBlock(page: PDFPage, fonts: Fonts, block: Block): void {
  if (block.heading) {
    page.drawText(block.heading, {
      x: MARGIN,
      y: block.y + HEADING_HEIGHT - HEADING_SIZE,
      size: HEADING_SIZE,
      font: fonts.bold,
    });
  }
  if (block.labels.length === 0) return;
  const column = { y: block.y - TEXT_SIZE, size: TEXT_SIZE, font: fonts.regular, lineHeight: LINE_HEIGHT };
  page.drawText(block.labels.join('\n'), { ...column, x: MARGIN, color: fonts.grey });
  page.drawText(block.values.join('\n'), { ...column, x: MARGIN + VALUE_INDENT });
}

/**
 * The standard fonts encode WinAnsi only, and pdf-lib throws on anything else: a user's note
 * may hold any character. Others become '?', tabs spaces, and other control characters go,
 * except line breaks, which wrap() honours.
 */
function printableIn(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  // Composed first: "u" and a combining diaeresis typed apart are the font's "ü".
  return (text) =>
    [...text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')]
      .filter((character) => character === '\n' || character >= ' ')
      .map((character) => (character === '\n' || supported.has(character.codePointAt(0)!) ? character : '?'))
      .join('');
}

/**
 * Breaks a value into lines that fit: at its own line breaks, then at spaces, and a word
 * longer than a line at the character where it no longer fits.
 */
export function wrap(text: string, fits: (line: string) => boolean): string[] {
  return text.split('\n').flatMap((paragraph) => {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(' ')) {
      const longer = line ? `${line} ${word}` : word;
      if (fits(longer)) {
        line = longer;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const character of word) {
        if (line && !fits(line + character)) {
          lines.push(line);
          line = '';
        }
        line += character;
      }
    }
    return [...lines, line];
  });
}
