import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { sampleExe } from './sample-files.ts';

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
