import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Small files of each uploadable kind, made byte by byte: the signatures and structures the
 * content check reads, with random filler so two samples never have the same bytes.
 */

/**
 * A complete one-page PDF whose page carries `filler` random bytes in a stream of its own;
 * `extra` adds entries to its catalog (an /OpenAction, say).
 */
export function samplePdf(filler = 2_000, extra = ''): Buffer {
  const objects: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${extra}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /PieceInfo << /Filler 4 0 R >> >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${filler} >>\nstream\n`, 'latin1'),
      // Bytes 0x80-0xff only: random text bytes could spell a short tag in a run of text, which
      // the upload's check refuses as markup (about one sample in 3,300 did).
      randomBytes(filler).map((byte) => byte | 0x80),
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    const bytes = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof object === 'string' ? Buffer.from(object, 'latin1') : object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(length);
    parts.push(bytes);
    length += bytes.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A PNG chunk: its length, type, data and checksum. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** A complete 16 × 16 RGB PNG of random pixels. */
export function samplePng(): Buffer {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), randomBytes(size * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An OLE2 compound file whose directory names the given stream. */
function sampleOle2(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = Buffer.alloc(512);
  Buffer.from('Root Entry\0', 'utf16le').copy(directory, 0);
  Buffer.from(`${streamName}\0`, 'utf16le').copy(directory, 128);
  return Buffer.concat([header, randomBytes(1_024), directory, randomBytes(512)]);
}

export const sampleXls = () => sampleOle2('Workbook');
export const sampleDoc = () => sampleOle2('WordDocument');

/** A ZIP archive of stored (uncompressed) entries, with local headers and a central directory. */
export function makeZip(entries: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const checksum = crc32(entry.data);
    // Both headers hold the checksum, the two sizes (stored, so equal) and the name's length in this order.
    const writeEntryFields = (header: Buffer, at: number) => {
      header.writeUInt32LE(checksum, at);
      header.writeUInt32LE(entry.data.length, at + 4);
      header.writeUInt32LE(entry.data.length, at + 8);
      header.writeUInt16LE(name.length, at + 12);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 14);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 16);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES_XML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Types/>');

export function sampleDocx(): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES_XML },
    { name: '_rels/.rels', data: Buffer.from('<Relationships/>') },
    { name: 'word/document.xml', data: Buffer.concat([Buffer.from('<w:document/>'), randomBytes(300)]) },
  ]);
}

export function sampleXlsx(): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES_XML },
    { name: 'xl/workbook.xml', data: Buffer.concat([Buffer.from('<workbook/>'), randomBytes(300)]) },
  ]);
}

/** A Windows executable: what a `.pdf` that is not one might be. */
export function sampleExe(): Buffer {
  const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(1_000)]);
  exe.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return exe;
}

/** A multipart/form-data body: one file per entry, plus plain fields. */
export function multipartBody(
  files: ReadonlyArray<{ field?: string; name: string; data: Buffer; contentType?: string }>,
  fields: Readonly<Record<string, string>> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----clearport-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
