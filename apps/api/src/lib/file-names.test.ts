import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './file-names.ts';

describe('cleanFileName', () => {
  it('keeps only the last path segment, whichever separator', () => {
    expect(cleanFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanFileName('C:\\Users\\me\\invoice.pdf')).toBe('invoice.pdf');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('dir/')).toBe('file');
  });

  it('drops control and bidi-override characters', () => {
    expect(cleanFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });

  it('shortens a long name and keeps its extension', () => {
    const name = cleanFileName(`${'x'.repeat(500)}.docx`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('never cuts a character in two, and writes a surrogate without its pair as U+FFFD', () => {
    const long = cleanFileName(`${'a'.repeat(195)}\u{1F600}${'b'.repeat(10)}.pdf`);
    expect(Array.from(long)).toHaveLength(200);
    expect(long).toBe(`${'a'.repeat(195)}\u{1F600}.pdf`);
    expect(JSON.parse(JSON.stringify(long))).toBe(long);
    expect(cleanFileName('scan\ud800.pdf')).toBe('scan\uFFFD.pdf');
    expect(cleanFileName('\udc00scan.pdf')).toBe('\uFFFDscan.pdf');
  });
});

describe('contentDisposition', () => {
  it('writes an ASCII fallback and the exact name encoded', () => {
    expect(contentDisposition('inline', 'Factura añil.pdf')).toBe(
      `inline; filename="Factura a_il.pdf"; filename*=UTF-8''Factura%20a%C3%B1il.pdf`,
    );
  });

  it('cannot be broken out of by quotes, semicolons or line breaks', () => {
    const header = contentDisposition('attachment', 'a"; filename="evil.exe\r\nX-Header: 1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^\s;"]+$/);
  });

  it('names a path-like upload by its last segment', () => {
    expect(contentDisposition('inline', '../../etc/passwd.pdf')).toBe(
      `inline; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
    );
  });
});
