import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/**
 * Parses a PDF and gives the text its pages show, one string per drawn line. Reads the text
 * operators pdf-lib writes (`<hex> Tj` in WinAnsi), which is all a test of our own PDFs needs.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pageCount: number; lines: string[] }> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        lines.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
      }
    }
  }
  return { pageCount: pdf.getPageCount(), lines };
}
