import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  makeZip,
  sampleDoc,
  sampleDocx,
  sampleExe,
  samplePdf,
  samplePng,
  sampleXls,
  sampleXlsx,
} from '../../test/sample-files.ts';
import {
  pdfsWithEmbeddedExe,
  pdfsWithMarkupFurtherOn,
  pdfsWithMarkupUpFront,
  pngsWithMarkupInText,
  pngWithChunk,
} from '../../test/polyglot-files.ts';
import { realWorldPdfs, realWorldPngs, seededBytes } from '../../test/real-world-files.ts';
import {
  checkedUpload,
  ContentInspector,
  contentTypeOf,
  isAcceptableFile,
  isContentOf,
  uploadExtensionOf,
  UploadRefusedError,
  type UploadExtension,
} from './file-type.ts';

const SAMPLES: Record<UploadExtension, () => Buffer> = {
  pdf: samplePdf,
  png: samplePng,
  xls: sampleXls,
  doc: sampleDoc,
  xlsx: sampleXlsx,
  docx: sampleDocx,
};
const EXTENSIONS = Object.keys(SAMPLES) as UploadExtension[];

/** Feeds the bytes in chunks of `size`, as a network stream would. */
function inspectInChunks(extension: UploadExtension, bytes: Buffer, size: number): boolean {
  const inspector = new ContentInspector(extension);
  for (let at = 0; at < bytes.length; at += size) {
    if (!inspector.push(bytes.subarray(at, at + size))) return false;
  }
  return inspector.isMatch();
}

describe('uploadExtensionOf', () => {
  it('accepts exactly the spec extensions, in any case', () => {
    for (const name of ['a.pdf', 'a.PDF', 'a.Pdf', 'a.xls', 'a.xlsx', 'a.png', 'a.PNG', 'a.doc', 'a.docx']) {
      expect(uploadExtensionOf(name), name).toBeDefined();
    }
    expect(uploadExtensionOf('scan.PDF')).toBe('pdf');
    expect(uploadExtensionOf('invoice.Pdf')).toBe('pdf');
    for (const name of ['a.exe', 'a.pdf.exe', 'pdf', 'a.', 'a.csv', 'a.docm']) {
      expect(uploadExtensionOf(name), name).toBeUndefined();
    }
  });
});

describe('content check', () => {
  it('accepts each kind of file under its own extension, in any chunking', () => {
    for (const extension of EXTENSIONS) {
      const bytes = SAMPLES[extension]();
      expect(isContentOf(extension, bytes), extension).toBe(true);
      for (const size of [1, 3, 7, 64, 1_000])
        expect(inspectInChunks(extension, bytes, size), `${extension}/${size}`).toBe(true);
    }
  });

  it('refuses each kind under every other extension', () => {
    for (const extension of EXTENSIONS) {
      for (const other of EXTENSIONS.filter((each) => each !== extension)) {
        expect(isContentOf(other, SAMPLES[extension]()), `${extension} as ${other}`).toBe(false);
      }
    }
  });

  it('refuses an executable, text and an empty file under every extension', () => {
    for (const extension of EXTENSIONS) {
      expect(isContentOf(extension, sampleExe())).toBe(false);
      expect(isContentOf(extension, Buffer.from('hello, world'))).toBe(false);
      expect(isContentOf(extension, Buffer.alloc(0))).toBe(false);
    }
  });

  it('refuses a ZIP that is not an Office Open XML package of the right kind', () => {
    const plainZip = makeZip([{ name: 'readme.txt', data: Buffer.from('hi') }]);
    const noContentTypes = makeZip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]);
    expect(isContentOf('docx', plainZip)).toBe(false);
    expect(isContentOf('xlsx', plainZip)).toBe(false);
    expect(isContentOf('docx', noContentTypes)).toBe(false);
  });

  it('refuses a PDF signature that is not at the start', () => {
    expect(isContentOf('pdf', Buffer.concat([Buffer.from('MZ'), samplePdf()]))).toBe(false);
  });
});

describe('whole-file check', () => {
  it('accepts each sample whole', async () => {
    for (const extension of EXTENSIONS) {
      expect(await isAcceptableFile(extension, SAMPLES[extension]()), extension).toBe(true);
    }
  });

  it('refuses polyglots: markup in a PDF, a PDF that runs a script or a program, data after a PNG or a ZIP', async () => {
    const htmlPdf = Buffer.from('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n', 'latin1');
    expect(isContentOf('pdf', htmlPdf)).toBe(true);
    expect(await isAcceptableFile('pdf', htmlPdf)).toBe(false);
    const markupUpFront = Buffer.concat([samplePdf().subarray(0, 9), Buffer.from('<script>x</script>'), samplePdf()]);
    expect(await isAcceptableFile('pdf', markupUpFront)).toBe(false);
    for (const action of [
      '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      '/OpenAction << /S /Launch /F (calc.exe) >>',
      '/AA << /WC << /S /GoTo /D [3 0 R /Fit] >> >>',
      '/Names << /J#61vaScript << /Names [(a) << /S /JavaScript /JS (x) >>] >> >>',
    ]) {
      expect(await isAcceptableFile('pdf', samplePdf(500, action)), action).toBe(false);
    }
    expect(await isAcceptableFile('pdf', samplePdf(500, '/OpenAction [3 0 R /Fit]'))).toBe(true);

    const pngThenHtml = Buffer.concat([samplePng(), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(isContentOf('png', pngThenHtml)).toBe(true);
    expect(await isAcceptableFile('png', pngThenHtml)).toBe(false);
    const brokenCrc = samplePng();
    brokenCrc[40] = brokenCrc[40]! ^ 0xff;
    expect(await isAcceptableFile('png', brokenCrc)).toBe(false);
    const signatureOnly = Buffer.concat([samplePng().subarray(0, 8), Buffer.from('<html></html>')]);
    expect(await isAcceptableFile('png', signatureOnly)).toBe(false);

    const zipThenHtml = Buffer.concat([sampleDocx(), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(await isAcceptableFile('docx', zipThenHtml)).toBe(false);
  });
});

/** Streams the bytes through checkedUpload in network-sized chunks: whether it lets them through. */
async function passesStreamed(extension: UploadExtension, bytes: Buffer): Promise<boolean> {
  const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) =>
    bytes.subarray(index * 65_536, (index + 1) * 65_536),
  );
  try {
    await pipeline(Readable.from(chunks), checkedUpload(extension, 20 * 1024 * 1024), async (source) => {
      for await (const _chunk of source);
    });
    return true;
  } catch (error) {
    if (error instanceof UploadRefusedError) return false;
    throw error;
  }
}

describe('polyglots', () => {
  async function expectRefused(extension: UploadExtension, samples: ReadonlyArray<{ name: string; bytes: Buffer }>) {
    for (const { name, bytes } of samples) {
      expect(isContentOf(extension, bytes), name).toBe(true);
      expect(await isAcceptableFile(extension, bytes), name).toBe(false);
      expect(await passesStreamed(extension, bytes), name).toBe(false);
    }
  }

  it('refuses a PDF that carries a program as an embedded file', async () => {
    await expectRefused('pdf', await pdfsWithEmbeddedExe());
  });

  it('refuses a PDF whose first line holds markup a browser sniffs: a handler, a javascript: link, tags WHATWG sniffs', async () => {
    await expectRefused('pdf', await pdfsWithMarkupUpFront());
  });

  it('refuses a PDF with a page or a handler past its first KiB, in plain text', async () => {
    const samples = await pdfsWithMarkupFurtherOn();
    for (const { name, bytes } of samples) expect(bytes.indexOf('<', 1_024, 'latin1'), name).toBeGreaterThan(1_024);
    await expectRefused('pdf', samples);
  });

  it('reads a PDF’s encoded streams for what runs only: encoded text (ASCII85) holds short tags by chance', async () => {
    const withStream = (dictionary: string, data: string) => {
      const pdf = samplePdf(4_000);
      pdf.write(data, pdf.indexOf('stream\n', 0, 'latin1') + 'stream\n'.length + 2_000, 'latin1');
      return Buffer.from(pdf.toString('latin1').replace('<< /Length 4000 >>', dictionary), 'latin1');
    };
    const shortTags = 'Shipment MAEU-2231-88 <p> cleared <a href=x> at Newark';
    expect(await isAcceptableFile('pdf', withStream('<< /Length 4000 >>', shortTags))).toBe(false);
    expect(await isAcceptableFile('pdf', withStream('<< /Filter /ASCII85Decode /Length 4000 >>', shortTags))).toBe(
      true,
    );
    const script = 'Shipment MAEU-2231-88 <script>alert(1)</script>';
    expect(await isAcceptableFile('pdf', withStream('<< /Filter /ASCII85Decode /Length 4000 >>', script))).toBe(false);
  });

  it('refuses a PNG with markup in a text chunk, compressed or not', async () => {
    await expectRefused('png', pngsWithMarkupInText());
  });

  it('refuses a PNG text chunk it cannot read: compressed text that does not inflate, or inflates past 8 MiB', async () => {
    const zTXt = (text: Buffer) => pngWithChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), text]));
    expect(await isAcceptableFile('png', zTXt(deflateSync('Pallet 3 of 12')))).toBe(true);
    expect(await isAcceptableFile('png', zTXt(Buffer.from('not deflate data')))).toBe(false);
    expect(await isAcceptableFile('png', zTXt(deflateSync(Buffer.alloc(8 * 1024 * 1024, 'a'))))).toBe(true);
    expect(await isAcceptableFile('png', zTXt(deflateSync(Buffer.alloc(8 * 1024 * 1024 + 1, 'a'))))).toBe(false);
  });
});

describe('real files', () => {
  it('accepts PDFs of the shapes scanners, accounting systems and old drivers write, held whole and streamed', async () => {
    const samples = await realWorldPdfs();
    expect(samples.reduce((sum, { bytes }) => sum + bytes.length, 0)).toBeGreaterThan(8 * 1024 * 1024);
    for (const { name, bytes } of samples) {
      expect(await isAcceptableFile('pdf', bytes), name).toBe(true);
      expect(await passesStreamed('pdf', bytes), name).toBe(true);
    }
  });

  it('accepts PNGs with the text chunks phones and editors write', async () => {
    for (const { name, bytes } of realWorldPngs()) {
      expect(await isAcceptableFile('png', bytes), name).toBe(true);
      expect(await passesStreamed('png', bytes), name).toBe(true);
    }
  });

  it('accepts a PDF with megabytes of random bytes in an unencoded stream, as a raw image has', async () => {
    for (const seed of ['one', 'two', 'three']) {
      const bytes = samplePdf(4 * 1024 * 1024);
      bytes.set(seededBytes(4 * 1024 * 1024, seed), bytes.indexOf('stream\n', 0, 'latin1') + 'stream\n'.length);
      expect(await isAcceptableFile('pdf', bytes), seed).toBe(true);
    }
  });
});

describe('checkedUpload', () => {
  async function run(extension: UploadExtension, bytes: Buffer, maxBytes = 1_000_000) {
    const chunks: Buffer[] = [];
    await pipeline(Readable.from([bytes]), checkedUpload(extension, maxBytes), async (source) => {
      for await (const chunk of source) chunks.push(chunk as Buffer);
    });
    return Buffer.concat(chunks);
  }

  it('passes the bytes through unchanged', async () => {
    const bytes = samplePdf();
    expect((await run('pdf', bytes)).equals(bytes)).toBe(true);
  });

  it('fails with the reason: wrong type, too large, empty', async () => {
    await expect(run('pdf', sampleExe())).rejects.toMatchObject({ reason: 'type' });
    await expect(run('docx', makeZip([{ name: 'a.txt', data: Buffer.from('a') }]))).rejects.toMatchObject({
      reason: 'type',
    });
    await expect(run('pdf', samplePdf(), 100)).rejects.toBeInstanceOf(UploadRefusedError);
    await expect(run('pdf', samplePdf(), 100)).rejects.toMatchObject({ reason: 'tooLarge' });
    await expect(run('pdf', Buffer.alloc(0))).rejects.toMatchObject({ reason: 'empty' });
  });

  it('refuses a file whose whole structure is not what its start says', async () => {
    const htmlPdf = Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n', 'latin1');
    await expect(run('pdf', htmlPdf)).rejects.toMatchObject({ reason: 'type' });
    await expect(run('png', Buffer.concat([samplePng(), Buffer.from('<html>')]))).rejects.toMatchObject({
      reason: 'type',
    });
  });
});

describe('contentTypeOf', () => {
  it('names the type by the key extension, and octet-stream otherwise', () => {
    expect(contentTypeOf('documents/x.pdf')).toBe('application/pdf');
    expect(contentTypeOf('documents/x.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(contentTypeOf('documents/x.bin')).toBe('application/octet-stream');
  });
});
