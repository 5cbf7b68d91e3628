import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { pngChunk, sampleExe, samplePng } from './sample-files.ts';

/**
 * Files that pass for a PDF or a PNG by their structure and carry something else: a program
 * inside, or HTML that a browser sniffing the bytes would run. Every upload path must refuse them.
 */

export type Polyglot = { name: string; bytes: Buffer };

/** A one-page letter as pdf-lib writes it, a few kilobytes. */
async function letter(): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  document.setTitle('Commercial invoice 1042');
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  for (let line = 0; line < 40; line += 1) {
    page.drawText(`Line ${line}: please find the commercial invoice for entry ${1042 + line} attached.`, {
      x: 54,
      y: 720 - line * 16,
      size: 10,
      font,
    });
  }
  return document;
}

const saved = async (document: PDFDocument) => Buffer.from(await document.save({ useObjectStreams: false }));

/** `markup` after the first line of a PDF (`%PDF-1.7`), where a sniffing browser reads it. */
const afterFirstLine = (pdf: Buffer, markup: string) =>
  Buffer.concat([pdf.subarray(0, 9), Buffer.from(`${markup}\n`, 'latin1'), pdf.subarray(9)]);

/** A PDF carrying a Windows program as a file attachment, or as an embedded file in a page's annotation or alone. */
export async function pdfsWithEmbeddedExe(): Promise<Polyglot[]> {
  const attached = await letter();
  await attached.attach(sampleExe(), 'invoice-viewer.exe', { mimeType: 'application/x-msdownload' });

  const annotated = await letter();
  const file = annotated.context.register(annotated.context.flateStream(sampleExe(), { Type: 'EmbeddedFile' }));
  const annotation = annotated.context.obj({
    Type: 'Annot',
    Subtype: 'FileAttachment',
    Rect: [54, 600, 74, 620],
    FS: { Type: 'Filespec', F: PDFString.of('invoice.exe'), EF: { F: file } },
  });
  annotated.getPage(0).node.set(PDFName.of('Annots'), annotated.context.obj([annotated.context.register(annotation)]));

  const loose = await letter();
  loose.context.register(loose.context.flateStream(sampleExe(), { Type: 'EmbeddedFile' }));

  return [
    { name: 'an attachment', bytes: await saved(attached) },
    { name: 'a file attachment annotation', bytes: await saved(annotated) },
    { name: 'an embedded file stream nothing refers to', bytes: await saved(loose) },
  ];
}

/** A PDF whose first line holds markup that makes a sniffing browser run or draw it as a page. */
export async function pdfsWithMarkupUpFront(): Promise<Polyglot[]> {
  const pdf = await saved(await letter());
  return [
    '<div onmouseover=alert(document.cookie)>Invoice</div>',
    '<a href=javascript:alert(document.cookie)>Open the invoice</a>',
    '<img src=x onerror=alert(1)>',
    '<svg/onload=alert(1)>',
    '<style>body{background:url(//evil.example/x)}</style>',
    '<p>',
    '<!-- -->',
  ].map((markup) => ({ name: markup, bytes: afterFirstLine(pdf, markup) }));
}

/** `text` between two objects past the first kilobyte of a PDF (the last object ends past it). */
function pastFirstKib(pdf: Buffer, text: string): Buffer {
  const at = pdf.indexOf('endobj\n', 1_024, 'latin1') + 'endobj\n'.length;
  return Buffer.concat([pdf.subarray(0, at), Buffer.from(text, 'latin1'), pdf.subarray(at)]);
}

const PAGE = '<html><script>alert(document.cookie)</script></html>';

/** A PDF with markup past its first kilobyte: a page in a comment, in a page's content or after its end, an image with a handler. */
export async function pdfsWithMarkupFurtherOn(): Promise<Polyglot[]> {
  const pdf = await saved(await letter());
  const content = await letter();
  const markup = content.context.register(content.context.stream(`% ${PAGE}\n`));
  content.getPage(0).node.addContentStream(markup);
  return [
    { name: 'a page in a comment', bytes: pastFirstKib(pdf, `%${PAGE}\n`) },
    { name: 'a page in an uncompressed content stream', bytes: await saved(content) },
    { name: 'a page after %%EOF', bytes: Buffer.concat([pdf, Buffer.from(`\n${PAGE}\n`, 'latin1')]) },
    { name: 'an image with a handler in a comment', bytes: pastFirstKib(pdf, '%<img src=x onerror=alert(1)>\n') },
  ];
}

/** `chunk` after a PNG's IHDR. */
const withChunk = (chunk: Buffer) => {
  const png = samplePng();
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
};

/** A PNG with a chunk of this type and data after its IHDR. */
export const pngWithChunk = (type: string, data: Buffer) => withChunk(pngChunk(type, data));

/** A PNG holding HTML in a text chunk: plain, compressed and international. */
export function pngsWithMarkupInText(): Polyglot[] {
  return [
    { name: 'tEXt', bytes: withChunk(pngChunk('tEXt', Buffer.from(`Comment\0${PAGE}`, 'latin1'))) },
    {
      name: 'zTXt',
      bytes: withChunk(pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(PAGE)]))),
    },
    {
      name: 'iTXt',
      bytes: withChunk(pngChunk('iTXt', Buffer.from('Description\0\0\0en\0\0<svg onload=alert(1)>', 'latin1'))),
    },
    {
      name: 'compressed iTXt',
      bytes: withChunk(
        pngChunk(
          'iTXt',
          Buffer.concat([
            Buffer.from('Description\0\x01\0en\0\0', 'latin1'),
            deflateSync('<img src=x onerror=alert(1)>'),
          ]),
        ),
      ),
    },
  ];
}
