import { describe, expect, it } from 'vitest';
import { BROKERAGE_NAME } from '@clearport/contract/constants';
import { pdfText } from '../../test/pdf-text.ts';
import { renderFieldsPdf, wrap } from './pdf.ts';

describe('renderFieldsPdf', () => {
  it('writes the brokerage, title, headings, labels and values as text', async () => {
    const bytes = await renderFieldsPdf({
      title: 'Delivery Order',
      subtitle: 'Entry DMI-4120417-3',
      sections: [{ heading: 'Shipment', fields: [['Containers', 'MSCU1234565, TGHU7654321']] }],
      footer: 'Issued for a test.',
    });
    const { pageCount, lines } = await pdfText(bytes);
    expect(pageCount).toBe(1);
    expect(lines).toEqual([
      BROKERAGE_NAME,
      'Delivery Order',
      'Entry DMI-4120417-3',
      'Shipment',
      'Containers',
      'MSCU1234565, TGHU7654321',
      'Issued for a test.',
    ]);
  });

  it('prints any text a user may type, and continues on more pages when it is long', async () => {
    const note = 'Café 😀 中文\tend\r\nsecond line';
    const bytes = await renderFieldsPdf({
      title: 'Long',
      sections: Array.from({ length: 12 }, (_, index) => ({
        heading: `Section ${index}`,
        fields: [
          ['Note', note],
          ['Words', 'word '.repeat(80)],
          ['Unbroken', 'x'.repeat(200)],
        ],
      })),
      footer: 'Footer',
    });
    const { pageCount, lines } = await pdfText(bytes);
    expect(pageCount).toBeGreaterThan(1);
    expect(lines).toContain('Café ? ?? end');
    expect(lines).toContain('second line');
    expect(lines).toContain(`Footer   Page ${pageCount} of ${pageCount}`);
    expect(lines.filter((line) => line.startsWith('Section '))).toHaveLength(12);
  });

  it('prints a letter typed as a base letter and a combining mark as the one letter it is', async () => {
    const bytes = await renderFieldsPdf({
      title: 'Names',
      sections: [{ fields: [['Contact', 'Mu\u0308ller, Jose\u0301 N\u0303un\u0303ez']] }],
      footer: 'Footer',
    });
    expect((await pdfText(bytes)).lines).toContain('Müller, José Ñuñez');
  });
});

describe('wrap', () => {
  const fits = (line: string) => line.length <= 10;

  it('breaks at spaces, at line breaks, and inside a word longer than a line', () => {
    expect(wrap('one two three four', fits)).toEqual(['one two', 'three four']);
    expect(wrap('a\nb', fits)).toEqual(['a', 'b']);
    expect(wrap('abcdefghijklmnop q', fits)).toEqual(['abcdefghij', 'klmnop q']);
    expect(wrap('', fits)).toEqual(['']);
  });
});
