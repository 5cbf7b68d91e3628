import { PDFArray, PDFDocument, PDFRawStream, StandardFonts, decodePDFRawStream } from 'pdf-lib';

/** One drawn line of text: its page (from 0), where it starts, its size and width in points. */
export type PdfTextLine = { page: number; text: string; x: number; y: number; size: number; width: number };

/**
 * Parses a PDF and gives the text its pages show, one string per drawn line, and where each
 * line is. Reads the operators pdf-lib writes (`Tf`, `TL`, `Tm`, `<hex> Tj` in WinAnsi and `T*`)
 * with the standard fonts' widths, which is all a test of our own PDFs needs.
 */
export async function pdfText(
  bytes: Uint8Array,
): Promise<{ pageCount: number; lines: string[]; placed: PdfTextLine[]; document: PDFDocument }> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const measure = await PDFDocument.create();
  const fonts = {
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
      let [font, size, leading, x, y] = ['Helvetica', 0, 0, 0, 0];
      const operators = /\/([\w-]+?)(?:-\d+)? (\S+) Tf|(\S+) TL|1 0 0 1 (\S+) (\S+) Tm|<([0-9A-Fa-f]*)>\s*Tj|T\*/g;
      for (const match of content.matchAll(operators)) {
        const [operator, fontName, fontSize, lineHeight, tmX, tmY, hex] = match;
        if (fontName !== undefined) [font, size] = [fontName, Number(fontSize)];
        else if (lineHeight !== undefined) leading = Number(lineHeight);
        else if (tmX !== undefined) [x, y] = [Number(tmX), Number(tmY)];
        else if (operator === 'T*') y -= leading;
        else {
          const text = Buffer.from(hex!, 'hex').toString('latin1');
          const metrics = fonts[font as keyof typeof fonts] ?? fonts.Helvetica;
          placed.push({ page: pageIndex, text, x, y, size, width: metrics.widthOfTextAtSize(text, size) });
        }
      }
    }
  });
  return { pageCount: document.getPageCount(), lines: placed.map((line) => line.text), placed, document };
}
