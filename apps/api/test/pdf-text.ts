import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  StandardFonts,
  decodePDFRawStream,
  type PDFPage,
} from 'pdf-lib';

/** One drawn line of text: its page (from 0), where it starts, its size and width in points. */
export type PdfTextLine = { page: number; text: string; x: number; y: number; size: number; width: number };

/** A font's reading of a `<hex>` string: its text and its width at size 1. */
type FontReader = (hex: string) => { text: string; width: number };

/**
 * Parses a PDF and gives the text its pages show, one string per drawn line, and where each
 * line is. Reads the operators pdf-lib writes (`Tf`, `TL`, `Tm`, `<hex> Tj` and `T*`): a
 * standard font's strings in WinAnsi, measured with its widths, an embedded font's as glyph
 * ids, read through its ToUnicode map and measured with its /W widths. That is all a test of
 * our own PDFs needs.
 */
export async function pdfText(
  bytes: Uint8Array,
): Promise<{ pageCount: number; lines: string[]; placed: PdfTextLine[]; document: PDFDocument }> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const measure = await PDFDocument.create();
  const standard = {
    Helvetica: await measure.embedFont(StandardFonts.Helvetica),
    'Helvetica-Bold': await measure.embedFont(StandardFonts.HelveticaBold),
  };
  const placed: PdfTextLine[] = [];
  document.getPages().forEach((page, pageIndex) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      let read: FontReader = () => ({ text: '', width: 0 });
      let [size, leading, x, y] = [0, 0, 0, 0];
      const operators = /\/([\w-]+) (\S+) Tf|(\S+) TL|1 0 0 1 (\S+) (\S+) Tm|<([0-9A-Fa-f]*)>\s*Tj|T\*/g;
      for (const match of content.matchAll(operators)) {
        const [operator, fontKey, fontSize, lineHeight, tmX, tmY, hex] = match;
        if (fontKey !== undefined) {
          size = Number(fontSize);
          const base = fontKey.replace(/-\d+$/, '');
          const font = standard[base as keyof typeof standard];
          read = font
            ? (string) => {
                const text = Buffer.from(string, 'hex').toString('latin1');
                return { text, width: font.widthOfTextAtSize(text, 1) };
              }
            : embeddedFontReader(document, page, fontKey);
        } else if (lineHeight !== undefined) leading = Number(lineHeight);
        else if (tmX !== undefined) [x, y] = [Number(tmX), Number(tmY)];
        else if (operator === 'T*') y -= leading;
        else {
          const { text, width } = read(hex!);
          placed.push({ page: pageIndex, text, x, y, size, width: width * size });
        }
      }
    }
  });
  return { pageCount: document.getPageCount(), lines: placed.map((line) => line.text), placed, document };
}

/** A Type0 font pdf-lib embedded: two-byte glyph ids, a ToUnicode map of `bfchar`s, /W widths. */
function embeddedFontReader(document: PDFDocument, page: PDFPage, key: string): FontReader {
  const font = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict).lookup(PDFName.of(key), PDFDict);
  const toUnicode = font.lookup(PDFName.of('ToUnicode')) as PDFRawStream;
  const cmap = Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1');
  const characters = new Map<number, string>();
  for (const [, glyph, utf16] of cmap.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]+)>/g)) {
    const units = utf16!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
    characters.set(parseInt(glyph!, 16), String.fromCharCode(...units));
  }
  const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  const widthsArray = descendant.lookup(PDFName.of('W'), PDFArray).asArray();
  const widths = new Map<number, number>();
  for (let index = 0; index < widthsArray.length; index += 2) {
    const first = (document.context.lookup(widthsArray[index]) as PDFNumber).asNumber();
    const run = document.context.lookup(widthsArray[index + 1], PDFArray).asArray();
    run.forEach((width, offset) => widths.set(first + offset, (width as PDFNumber).asNumber() / 1000));
  }
  return (hex) => {
    const glyphs = (hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16));
    return {
      text: glyphs.map((glyph) => characters.get(glyph) ?? '\uFFFD').join(''),
      width: glyphs.reduce((sum, glyph) => sum + (widths.get(glyph) ?? 0), 0),
    };
  };
}
