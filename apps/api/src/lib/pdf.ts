import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { BROKERAGE_NAME } from '@clearport/contract/constants';

/**
 * Documents of labelled fields in sections, on US Letter pages: the delivery order and the demo
 * brokerage's files. In the standard Helvetica (no font file) while every character is one it
 * encodes, so such a document takes a millisecond or two and a few kilobytes; with any other
 * (ş, ł, č, ő, Greek, Cyrillic), in DejaVu Sans, of which the file holds the letters it uses
 * (docs/decisions/0008-delivery-orders.md). Every line stays within the margins: values, the
 * subtitle and the footer wrap; pages after the first carry a running title.
 */

export type PdfField = readonly [label: string, value: string];
export type PdfSection = { heading?: string; fields: readonly PdfField[] };
export type FieldsDocument = {
  title: string;
  /** A line under the title, of parts (entry, order, date) each kept whole when it fits. */
  subtitle?: readonly string[];
  /** The parts of the line under the brokerage's name on every page after the first; the title by default. */
  runningTitle?: readonly string[];
  sections: readonly PdfSection[];
  /** At the foot of every page. */
  footer: string;
  /** The title a PDF reader shows for the file; the title by default. */
  documentTitle?: string;
  /** When the document was issued, its creation date in the file. */
  issued?: Date;
};

const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN;
const VALUE_INDENT = 150;
const TEXT_SIZE = 10;
const LINE_HEIGHT = 16;
const HEADING_SIZE = 12;
const HEADING_HEIGHT = 26;
const SECTION_GAP = 10;
const FOOTER_SIZE = 8;
const FOOTER_LINE_HEIGHT = 11;
/** Between the parts of a subtitle, a running title or a footer and its page number. */
const PART_GAP = '    ';
/** The widest page number a footer keeps room for. */
const WIDEST_PAGE_NUMBER = 'Page 999 of 999';
/** What made the file, as PDF readers show it. */
const PRODUCER = 'Clearport';

/** The fonts and the grey of labels and rules. */
type Fonts = { regular: PDFFont; bold: PDFFont; grey: Color };

/** One section's part on one page: its heading and its lines in two columns. */
type Block = { heading?: string; labels: string[]; values: string[]; y: number };

/** The brokerage's name, then the title and subtitle lines (first page) or the running title lines, then a rule. */
type PageHead = { title: { lines: string[]; size: number; lineHeight: number }; subtitle: string[]; height: number };

export async function renderFieldsPdf(document: FieldsDocument): Promise<Uint8Array> {
  // Loaded at the first document rather than at the server's start.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(document.documentTitle ?? document.title);
  pdf.setAuthor(BROKERAGE_NAME);
  pdf.setCreator(PRODUCER);
  pdf.setProducer(PRODUCER);
  if (document.issued) {
    pdf.setCreationDate(document.issued);
    pdf.setModificationDate(document.issued);
  }
  const texts = [
    document.title,
    ...(document.subtitle ?? []),
    ...(document.runningTitle ?? []),
    document.footer,
    ...document.sections.flatMap((section) => [section.heading ?? '', ...section.fields.flat()]),
  ];
  winAnsi ??= new Set((await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).getCharacterSet());
  const isWinAnsi = texts.every((text) =>
    [...text.normalize('NFC')].every((character) => character < ' ' || winAnsi!.has(character.codePointAt(0)!)),
  );
  const fonts = {
    ...(isWinAnsi
      ? {
          regular: await pdf.embedFont(StandardFonts.Helvetica),
          bold: await pdf.embedFont(StandardFonts.HelveticaBold),
        }
      : await embedUnicodeFonts(pdf)),
    grey: rgb(0.35, 0.35, 0.35),
  };
  const printable = printableIn(fonts);
  const fitsIn = (width: number, font: PDFFont, size: number) => {
    const widthOf = widthsOf(font);
    return (line: string) => widthOf(line) * size <= width;
  };
  const fitsValue = fitsIn(TEXT_WIDTH - VALUE_INDENT, fonts.regular, TEXT_SIZE);
  const fitsFooter = fitsIn(TEXT_WIDTH, fonts.regular, FOOTER_SIZE);

  const firstHead = pageHead(
    wrap(printable(document.title), fitsIn(TEXT_WIDTH, fonts.bold, 18)),
    18,
    packed((document.subtitle ?? []).map(printable), fitsIn(TEXT_WIDTH, fonts.regular, TEXT_SIZE)),
  );
  const runningHead = pageHead(
    packed((document.runningTitle ?? [document.title]).map(printable), fitsIn(TEXT_WIDTH, fonts.bold, TEXT_SIZE)),
    TEXT_SIZE,
    [],
  );
  const footer = printable(document.footer);
  // Lines stop above the footer, whose height the widest page number decides.
  const footerRows = packed([footer, WIDEST_PAGE_NUMBER], fitsFooter).length;
  const bottom = MARGIN + (footerRows - 1) * FOOTER_LINE_HEIGHT + 24;

  const pages: Block[][] = [[]];
  let y = PAGE[1] - MARGIN - firstHead.height;
  const newPage = () => {
    pages.push([]);
    y = PAGE[1] - MARGIN - runningHead.height;
  };
  const room = (lineCount: number) => y - lineCount * LINE_HEIGHT >= bottom;
  for (const section of document.sections) {
    const lines = section.fields.flatMap(([label, value]) =>
      wrap(printable(value), fitsValue).map((line, index) => [index === 0 ? printable(label) : '', line] as const),
    );
    const heading = section.heading && printable(section.heading);
    const headingHeight = heading ? HEADING_HEIGHT : 0;
    // A heading never stands at the foot of a page with less than two of its lines (one if it has one).
    y -= headingHeight;
    if (!room(Math.min(lines.length, 2))) {
      y += headingHeight;
      newPage();
      y -= headingHeight;
    }
    let block: Block = { heading, labels: [], values: [], y };
    pages.at(-1)!.push(block);
    lines.forEach(([label, value], index) => {
      const left = lines.length - index;
      // A section's last line does not go to a new page alone: the one before it goes too.
      const isBreak = !room(1) || (left === 2 && index >= 2 && !room(2));
      if (isBreak) {
        newPage();
        y -= headingHeight;
        block = { heading: heading && `${heading} (continued)`, labels: [], values: [], y };
        pages.at(-1)!.push(block);
      }
      block.labels.push(label);
      block.values.push(value);
      y -= LINE_HEIGHT;
    });
    y -= SECTION_GAP;
  }

  pages.forEach((blocks, index) => {
    const page = pdf.addPage(PAGE);
    drawHead(page, fonts, index === 0 ? firstHead : runningHead);
    for (const block of blocks) drawBlock(page, fonts, block);
    const pageNumber = `Page ${index + 1} of ${pages.length}`;
    const footerLines = pages.length > 1 ? packed([footer, pageNumber], fitsFooter) : wrap(footer, fitsFooter);
    page.drawText(footerLines.join('\n'), {
      x: MARGIN,
      y: MARGIN + (footerLines.length - 1) * FOOTER_LINE_HEIGHT,
      size: FOOTER_SIZE,
      lineHeight: FOOTER_LINE_HEIGHT,
      font: fonts.regular,
      color: fonts.grey,
    });
  });
  // Without object streams pdf-lib saves about twice as fast; the files stay small.
  return pdf.save({ useObjectStreams: false, objectsPerTick: Infinity });
}

function pageHead(titleLines: string[], titleSize: number, subtitle: string[]): PageHead {
  const title = { lines: titleLines, size: titleSize, lineHeight: titleSize + 4 };
  // The brokerage's name, the title's lines, the subtitle's, the rule and the gap under it.
  const height =
    (titleSize > TEXT_SIZE ? 28 : 16) +
    (titleLines.length - 1) * title.lineHeight +
    (subtitle.length > 0 ? 18 + (subtitle.length - 1) * LINE_HEIGHT : 0) +
    12 +
    14;
  return { title, subtitle, height };
}

function drawHead(page: PDFPage, fonts: Fonts, head: PageHead): void {
  const { title, subtitle } = head;
  let y = PAGE[1] - MARGIN;
  page.drawText(BROKERAGE_NAME, { x: MARGIN, y, size: TEXT_SIZE, font: fonts.regular, color: fonts.grey });
  y -= title.size > TEXT_SIZE ? 28 : 16;
  page.drawText(title.lines.join('\n'), {
    x: MARGIN,
    y,
    size: title.size,
    lineHeight: title.lineHeight,
    font: fonts.bold,
  });
  y -= (title.lines.length - 1) * title.lineHeight;
  if (subtitle.length > 0) {
    y -= 18;
    page.drawText(subtitle.join('\n'), { x: MARGIN, y, size: TEXT_SIZE, lineHeight: LINE_HEIGHT, font: fonts.regular });
    y -= (subtitle.length - 1) * LINE_HEIGHT;
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
 * A line's width at size 1, the sum of its characters' as pdf-lib measures and draws them (no
 * kerning), each measured once: measuring a whole line lays it out again each time, which wrap()
 * does for every word, and for every character of a word longer than a line.
 */
function widthsOf(font: PDFFont): (line: string) => number {
  const widths = new Map<string, number>();
  return (line) => {
    let width = 0;
    for (const character of line) {
      let known = widths.get(character);
      if (known === undefined) {
        known = font.widthOfTextAtSize(character, 1);
        widths.set(character, known);
      }
      width += known;
    }
    return width;
  };
}

/** The characters the standard fonts encode. */
let winAnsi: Set<number> | undefined;

/**
 * DejaVu Sans and its bold, read once. Each document parses them anew: fontkit keeps the glyphs
 * it met in the parsed font, with the characters of their first use, and a glyph first met in
 * another document came out of the next one's copied text wrong.
 */
let unicodeFontFiles: Promise<{ fontkit: Fontkit; regular: Uint8Array; bold: Uint8Array }> | undefined;

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

async function embedUnicodeFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  unicodeFontFiles ??= (async () => {
    // Resolved in node_modules, from the sources and the built server alike.
    const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
    const [{ default: fontkit }, regular, bold] = await Promise.all([
      import('@pdf-lib/fontkit'),
      readFile(fontFile('DejaVuSans.ttf')),
      readFile(fontFile('DejaVuSans-Bold.ttf')),
    ]);
    return { fontkit, regular, bold };
  })();
  const files = await unicodeFontFiles;
  pdf.registerFontkit(files.fontkit);
  // Without ligatures, text copied from the PDF reads as it was written ("fi", not "ﬁ").
  const options = { subset: true, features: { liga: false } };
  return { regular: await pdf.embedFont(files.regular, options), bold: await pdf.embedFont(files.bold, options) };
}

/**
 * Text as the fonts print it: a user's note may hold any character, and pdf-lib throws on one a
 * standard font does not encode. Characters the fonts lack become '?', tabs spaces, and other
 * control characters go, except line breaks, which wrap() honours.
 */
function printableIn(fonts: { regular: PDFFont; bold: PDFFont }): (text: string) => string {
  const inBold = new Set(fonts.bold.getCharacterSet());
  const supported = new Set(fonts.regular.getCharacterSet().filter((codePoint) => inBold.has(codePoint)));
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

/**
 * Lines of parts, as many on a line as fit with a gap between them; a part too long for a line
 * of its own wraps as a value does.
 */
export function packed(parts: readonly string[], fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    const joined = `${last}${PART_GAP}${part}`;
    if (last !== undefined && fits(joined)) lines[lines.length - 1] = joined;
    else lines.push(...wrap(part, fits));
  }
  return lines;
}
