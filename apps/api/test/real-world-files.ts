import { createCipheriv, createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import { pngChunk } from './sample-files.ts';

/**
 * Files shaped like those that scanners, accounting systems and phones produce, for the upload
 * checks to accept: the structures a real file has (object streams, incremental updates, a
 * linearization dictionary, encrypted strings, XMP metadata, big compressed and encoded streams)
 * around bytes that are random, as compressed data is. The bytes come from a seed, so a sample
 * is the same on every run.
 */

/** `length` bytes that look random, the same for the same seed. */
export function seededBytes(length: number, seed: string): Buffer {
  const key = createHash('sha256').update(seed).digest();
  return createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(length));
}

export type NamedSample = { name: string; bytes: Buffer };

const MB = 1024 * 1024;

/** An XMP packet as Acrobat writes it, stored without a filter as the spec allows. */
const XMP = `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 9.1-c001 79.675d0f7, 2023/06/11-19:21:16">
   <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about=""
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
         <dc:format>application/pdf</dc:format>
         <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Commercial Invoice 1042</rdf:li></rdf:Alt></dc:title>
         <dc:creator><rdf:Seq><rdf:li>Accounts Receivable</rdf:li></rdf:Seq></dc:creator>
         <xmp:CreateDate>2026-03-02T09:14:55-05:00</xmp:CreateDate>
         <xmp:CreatorTool>Acme Ledger 12.4 (Invoice Designer)</xmp:CreatorTool>
         <pdf:Producer>Acme PDF Library 10.0.2</pdf:Producer>
         <xmpMM:DocumentID>uuid:4f0e5a4c-2b61-4d0e-9b1a-6e0d2f8c1a77</xmpMM:DocumentID>
         <xmpMM:History><rdf:Seq><rdf:li stEvt:action="converted" stEvt:parameters="from text/html to application/pdf"/></rdf:Seq></xmpMM:History>
      </rdf:Description>
   </rdf:RDF>
</x:xmpmeta>
${' '.repeat(2_000)}
<?xpacket end="w"?>`;

/** A commercial invoice as an accounting system prints it: standard fonts, a table, several pages. */
async function invoiceDocument(withMetadata: boolean): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  document.setTitle('Commercial Invoice 1042');
  document.setAuthor('Accounts Receivable');
  document.setProducer('Acme PDF Library 10.0.2');
  document.setCreationDate(new Date('2026-03-02T14:14:55Z'));
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const mono = await document.embedFont(StandardFonts.Courier);
  for (let pageNumber = 1; pageNumber <= 3; pageNumber += 1) {
    const page = document.addPage([612, 792]);
    page.drawText('COMMERCIAL INVOICE', { x: 54, y: 730, size: 18, font: bold });
    page.drawText(`Invoice 1042 - page ${pageNumber} of 3 - Terms: Net 30 <USD>`, {
      x: 54,
      y: 710,
      size: 9,
      font: regular,
    });
    for (let row = 0; row < 40; row += 1) {
      const y = 680 - row * 15;
      page.drawLine({
        start: { x: 54, y: y - 4 },
        end: { x: 558, y: y - 4 },
        thickness: 0.25,
        color: rgb(0.7, 0.7, 0.7),
      });
      page.drawText(`HS 8471.30.${String(row).padStart(4, '0')}`, { x: 54, y, size: 8, font: mono });
      page.drawText(`Laptop computers, model X${row}, 14" display`, { x: 160, y, size: 8, font: regular });
      page.drawText(`${(row * 37.5 + 12).toFixed(2)}`, { x: 500, y, size: 8, font: regular });
    }
  }
  if (withMetadata) {
    const metadata = document.context.stream(Buffer.from(XMP), { Type: 'Metadata', Subtype: 'XML' });
    document.catalog.set(PDFName.of('Metadata'), document.context.register(metadata));
  }
  return document;
}

/**
 * A JPEG as a scanner writes it: the markers pdf-lib reads, then entropy-coded data (random
 * bytes, with no 0xFF that would start a marker).
 */
function scannerJpeg(width: number, height: number, length: number, seed: string): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const header = Buffer.from([0xff, marker, 0, 0]);
    header.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([header, body]);
  };
  const frame = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  const entropy = seededBytes(length, seed).map((byte) => (byte === 0xff ? 0xfe : byte));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\x01\x01\x2c\x01\x2c\0\0', 'latin1')),
    segment(0xdb, Buffer.concat([Buffer.from([0]), seededBytes(64, `${seed}-dqt`)])),
    segment(0xc0, frame),
    segment(0xc4, Buffer.concat([Buffer.from([0]), seededBytes(28, `${seed}-dht`)])),
    segment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])),
    entropy,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** Draws a deflate-compressed gray image of `pixels`, 1,024 to a row. */
function drawFlateImage(document: PDFDocument, page: PDFPage, name: string, pixels: Buffer, y: number) {
  const image = document.context.flateStream(pixels, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 1_024,
    Height: Math.ceil(pixels.length / 1_024),
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  page.node.setXObject(PDFName.of(name), document.context.register(image));
  const content = `q 500 0 0 20 54 ${y} cm /${name} Do Q`;
  page.node.addContentStream(document.context.register(document.context.flateStream(content)));
}

/** Bytes that compress the way a photo's do: noise over few values, so deflate codes them (not stores them). */
function noise(length: number, seed: string): Buffer {
  const bytes = seededBytes(length, seed);
  for (let index = 0; index < length; index += 1) bytes[index] = (bytes[index]! & 0x0f) * 9 + (index % 7);
  return bytes;
}

/** ASCII85, as old PostScript-based drivers encode a stream. */
function ascii85(bytes: Buffer): string {
  let text = '';
  for (let at = 0; at + 4 <= bytes.length; at += 4) {
    let value = bytes.readUInt32BE(at);
    if (value === 0) {
      text += 'z';
      continue;
    }
    let group = '';
    for (let digit = 0; digit < 5; digit += 1) {
      group = String.fromCharCode(33 + (value % 85)) + group;
      value = Math.floor(value / 85);
    }
    text += group + ((at / 4) % 16 === 15 ? '\n' : '');
  }
  return `${text}~>`;
}

/** A PDF string literal of any bytes, escaped as a writer escapes them. */
function literalString(bytes: Buffer): Buffer {
  const escaped: number[] = [];
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) escaped.push(0x5c);
    escaped.push(byte);
  }
  return Buffer.concat([Buffer.from('('), Buffer.from(escaped), Buffer.from(')')]);
}

type RawObject = { number: number; body: Buffer | string };

/** Writes objects in the given order with a classic cross-reference table; `eol` as the producer writes lines. */
function writePdf(objects: readonly RawObject[], trailer: string, { head = [] as Buffer[], eol = '\n' } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from(`%PDF-1.6${eol}%\xe2\xe3\xcf\xd3${eol}`, 'latin1'), ...head];
  let length = parts.reduce((sum, part) => sum + part.length, 0);
  const offsets = new Map<number, number>();
  for (const object of objects) {
    const bytes = Buffer.concat([
      Buffer.from(`${object.number} 0 obj${eol}`, 'latin1'),
      typeof object.body === 'string' ? Buffer.from(object.body, 'latin1') : object.body,
      Buffer.from(`${eol}endobj${eol}`, 'latin1'),
    ]);
    offsets.set(object.number, length);
    parts.push(bytes);
    length += bytes.length;
  }
  const size = Math.max(...offsets.keys()) + 1;
  let xref = `xref${eol}0 ${size}${eol}0000000000 65535 f\r\n`;
  for (let number = 1; number < size; number += 1) {
    const offset = offsets.get(number);
    xref += offset === undefined ? '0000000000 65535 f\r\n' : `${String(offset).padStart(10, '0')} 00000 n\r\n`;
  }
  xref += `trailer${eol}<</Size ${size} ${trailer}>>${eol}startxref${eol}${length}${eol}%%EOF${eol}`;
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<<${dictionary}/Length ${data.length}>>stream\r\n`, 'latin1'),
    data,
    Buffer.from('\r\nendstream', 'latin1'),
  ]);

/**
 * A linearized PDF as Acrobat saves it for the web, lines ending in CR: the linearization
 * dictionary, the first page's cross-reference section and trailer, its hint stream and its
 * compressed content all in the first kilobyte, then the rest.
 */
function linearizedPdf(): Buffer {
  const eol = '\r';
  const content = deflateSync(noise(60_000, 'linearized-content'));
  const objects: RawObject[] = [
    { number: 6, body: '<</Metadata 3 0 R/Pages 2 0 R/Type/Catalog/PageLayout/OneColumn>>' },
    {
      number: 7,
      body: '<</Contents 9 0 R/CropBox[0 0 612 792]/MediaBox[0 0 612 792]/Parent 2 0 R/Resources<</Font<</F1 10 0 R>>/ProcSet[/PDF/Text]>>/Rotate 0/Type/Page>>',
    },
    { number: 8, body: stream('/Filter/FlateDecode/I 52/S 36', deflateSync(seededBytes(180, 'hint'))) },
    { number: 9, body: stream('/Filter/FlateDecode', content) },
    { number: 10, body: '<</BaseFont/Helvetica/Encoding/WinAnsiEncoding/Subtype/Type1/Type/Font>>' },
    { number: 2, body: '<</Count 1/Kids[7 0 R]/Type/Pages>>' },
    { number: 3, body: stream('/Subtype/XML/Type/Metadata', Buffer.from(XMP)) },
    {
      number: 4,
      body: "<</CreationDate(D:20260302091455-05'00')/Creator(Acrobat PDFMaker 23)/Producer(Adobe PDF Library 23.1.175)>>",
    },
  ];
  const head = Buffer.from(
    `5 0 obj${eol}<</Linearized 1/L 71234/O 7/E 61234/N 1/T 70950/H [ 512 160]>>${eol}endobj${eol}` +
      `xref${eol}5 6${eol}0000000016 00000 n\r\n0000000420 00000 n\r\n0000000520 00000 n\r\n0000000740 00000 n\r\n0000000920 00000 n\r\n0000061000 00000 n\r\n` +
      `trailer${eol}<</Size 11/Prev 70940/Root 6 0 R/Info 4 0 R/ID[<8C2D3A1F0E5B4C7D9A1B2C3D4E5F6071><8C2D3A1F0E5B4C7D9A1B2C3D4E5F6071>]>>${eol}startxref${eol}0${eol}%%EOF${eol}`,
    'latin1',
  );
  return writePdf(objects, '/Root 6 0 R/Info 4 0 R', { head: [head], eol });
}

/**
 * A PDF an accounting system secures with an owner password (no password to open it): every
 * string and stream is RC4-encrypted, so its strings hold binary bytes among the PDF's text.
 */
function securedPdf(): Buffer {
  const encrypted = (length: number, seed: string) => literalString(seededBytes(length, seed));
  const objects: RawObject[] = [
    { number: 1, body: '<</Type/Catalog/Pages 2 0 R/AcroForm<</Fields[6 0 R 7 0 R]>>>>' },
    { number: 2, body: '<</Type/Pages/Kids[3 0 R]/Count 1>>' },
    {
      number: 3,
      body: '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Annots[6 0 R 7 0 R]/Resources<</Font<</F1 5 0 R>>>>>>',
    },
    { number: 4, body: stream('/Filter/FlateDecode', seededBytes(40_000, 'secured-content')) },
    { number: 5, body: '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>' },
    ...[6, 7].map((number) => ({
      number,
      body: Buffer.concat([
        Buffer.from(`<</Type/Annot/Subtype/Widget/FT/Tx/Rect[54 ${600 + number * 20} 300 ${615 + number * 20}]/T`),
        encrypted(12, `field-${number}`),
        Buffer.from('/V'),
        encrypted(400, `value-${number}`),
        Buffer.from('/P 3 0 R>>'),
      ]),
    })),
    {
      number: 8,
      body: Buffer.concat([
        Buffer.from('<</Title'),
        encrypted(48, 'title'),
        Buffer.from('/Author'),
        encrypted(32, 'author'),
        Buffer.from('/Producer'),
        encrypted(40, 'producer'),
        Buffer.from('>>'),
      ]),
    },
    {
      number: 9,
      body: Buffer.concat([
        Buffer.from('<</Filter/Standard/V 2/R 3/Length 128/P -3904/O'),
        encrypted(32, 'owner'),
        Buffer.from('/U'),
        encrypted(32, 'user'),
        Buffer.from('>>'),
      ]),
    },
  ];
  return writePdf(
    objects,
    '/Root 1 0 R/Info 8 0 R/Encrypt 9 0 R/ID[<0A1B2C3D4E5F60718293A4B5C6D7E8F9><0A1B2C3D4E5F60718293A4B5C6D7E8F9>]',
  );
}

/** A PDF an old PostScript driver wrote: its page image ASCII85- and then deflate-encoded, its text uncompressed. */
function legacyDriverPdf(): Buffer {
  const image = Buffer.from(ascii85(deflateSync(noise(900_000, 'legacy-image'))), 'latin1');
  const objects: RawObject[] = [
    { number: 1, body: '<</Type/Catalog/Pages 2 0 R>>' },
    { number: 2, body: '<</Type/Pages/Kids[3 0 R]/Count 1>>' },
    {
      number: 3,
      body: '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>/XObject<</Im1 6 0 R>>>>>>',
    },
    {
      number: 4,
      body: stream(
        '',
        Buffer.from(
          'q 612 0 0 792 0 0 cm /Im1 Do Q\nBT /F1 10 Tf 54 740 Td (BILL OF LADING No. MAEU-2231-88 <ORIGINAL>) Tj ET\n' +
            'BT /F1 9 Tf 54 720 Td [(Shipper: Acme Export Co.) -250 (Consignee: To order)] TJ ET\n',
          'latin1',
        ),
      ),
    },
    { number: 5, body: '<</Type/Font/Subtype/Type1/BaseFont/Courier>>' },
    {
      number: 6,
      body: stream(
        '/Type/XObject/Subtype/Image/Width 1000/Height 900/ColorSpace/DeviceGray/BitsPerComponent 8/Filter[/ASCII85Decode/FlateDecode]',
        image,
      ),
    },
  ];
  return writePdf(objects, '/Root 1 0 R');
}

/** `bytes` with an incremental update appended, as a viewer saves a filled-in or annotated file. */
function withIncrementalUpdate(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1');
  const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]!;
  const root = /\/Root (\d+ \d+ R)/.exec(text.slice(text.lastIndexOf('trailer')))![1]!;
  const size = Number(/\/Size (\d+)/.exec(text.slice(text.lastIndexOf('trailer')))![1]);
  const update = Buffer.from(
    `\n${size} 0 obj\n<< /Title (Commercial Invoice 1042 - approved) /ModDate (D:20260305101500-05'00') /Producer (Acme Viewer 4.2) >>\nendobj\n`,
    'latin1',
  );
  const xrefAt = bytes.length + update.length;
  const tail = Buffer.from(
    `xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(bytes.length + 1).padStart(10, '0')} 00000 n \n` +
      `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${previous} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    'latin1',
  );
  return Buffer.concat([bytes, update, tail]);
}

/**
 * PDFs of the shapes customs paperwork comes in, several MB of compressed data among them; the
 * upload checks must accept every one.
 */
export async function realWorldPdfs(): Promise<NamedSample[]> {
  const save = async (document: PDFDocument, useObjectStreams: boolean) =>
    Buffer.from(await document.save({ useObjectStreams, updateFieldAppearances: false }));

  const scan = await PDFDocument.create();
  scan.setProducer('ScanSnap Manager #S1500');
  for (let pageNumber = 0; pageNumber < 2; pageNumber += 1) {
    const jpeg = await scan.embedJpg(scannerJpeg(2_550, 3_300, 1_500_000, `scan-${pageNumber}`));
    scan.addPage([612, 792]).drawImage(jpeg, { x: 0, y: 0, width: 612, height: 792 });
  }

  const photo = await PDFDocument.create();
  const png = await photo.embedPng(photoPng(600, 400, 'photo-in-pdf'));
  photo.addPage([612, 792]).drawImage(png, { x: 6, y: 196, width: 600, height: 400 });

  const compressed = await invoiceDocument(false);
  const [first] = compressed.getPages();
  drawFlateImage(compressed, first!, 'Random', seededBytes(2 * MB, 'random-deflate'), 40);
  drawFlateImage(compressed, first!, 'Noise', noise(3 * MB, 'noise-deflate'), 70);

  return [
    {
      name: 'an invoice with fonts in compressed object streams',
      bytes: await save(await invoiceDocument(false), true),
    },
    {
      name: 'an invoice with a classic cross-reference table and uncompressed XMP metadata',
      bytes: await save(await invoiceDocument(true), false),
    },
    { name: 'a scan of two pages, each one big JPEG', bytes: await save(scan, false) },
    { name: 'a photo as a PNG image with an alpha mask', bytes: await save(photo, true) },
    { name: 'several MB of deflate streams of random bytes and of noise', bytes: await save(compressed, true) },
    { name: 'an incremental update', bytes: withIncrementalUpdate(await save(await invoiceDocument(true), false)) },
    { name: 'a linearized file with its hint stream up front', bytes: linearizedPdf() },
    { name: 'a secured file with encrypted strings', bytes: securedPdf() },
    { name: 'a legacy driver’s ASCII85-encoded image', bytes: legacyDriverPdf() },
  ];
}

/** An RGBA photo of noise, `chunks` before its image data. */
function photoPng(width: number, height: number, seed: string, chunks: readonly Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const pixels = noise(height * (1 + width * 4), seed);
  for (let row = 0; row < height; row += 1) pixels[row * (1 + width * 4)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...chunks,
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PNGs with the text chunks that phones, screenshot tools and image editors write. */
export function realWorldPngs(): NamedSample[] {
  const text = (keyword: string, value: string) => pngChunk('tEXt', Buffer.from(`${keyword}\0${value}`, 'latin1'));
  const international = (keyword: string, value: string, compressed = false) =>
    pngChunk(
      'iTXt',
      Buffer.concat([
        Buffer.from(`${keyword}\0${compressed ? '\x01' : '\0'}\0\0\0`, 'latin1'),
        compressed ? deflateSync(Buffer.from(value)) : Buffer.from(value),
      ]),
    );
  const rawProfile = `\nexif\n    ${seededBytes(600, 'exif').length}\n${seededBytes(600, 'exif')
    .toString('hex')
    .replace(/(.{72})/g, '$1\n')}\n`;
  return [
    {
      name: 'a screenshot with its software and XMP',
      bytes: photoPng(320, 200, 'screenshot', [text('Software', 'Greenshot'), international('XML:com.adobe.xmp', XMP)]),
    },
    {
      name: 'an edited photo with a comment, a compressed raw EXIF profile and a translated title',
      bytes: photoPng(400, 300, 'edited', [
        text('Comment', 'Pallet 3 of 12 - seal intact, see photo <2>'),
        pngChunk(
          'zTXt',
          Buffer.concat([Buffer.from('Raw profile type exif\0\0', 'latin1'), deflateSync(Buffer.from(rawProfile))]),
        ),
        international('Title', 'Palette 3 sur 12 – plomb intact', true),
      ]),
    },
  ];
}
