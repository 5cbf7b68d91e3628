import { describe, expect, it } from 'vitest';
import { BROKERAGE_NAME } from '@clearport/contract/constants';
import { pdfText } from '../../test/pdf-text.ts';
import { packed, renderFieldsPdf, wrap } from './pdf.ts';

describe('renderFieldsPdf', () => {
  it('writes the brokerage, title, headings, labels and values as text', async () => {
    const bytes = await renderFieldsPdf({
      title: 'Delivery Order',
      subtitle: ['Entry DMI-4120417-3'],
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
    // In DejaVu Sans, which has the emoticons but no Chinese.
    expect(lines).toContain('Café 😀 ?? end');
    expect(lines).toContain('second line');
    expect(lines).toContain(`Footer    Page ${pageCount} of ${pageCount}`);
    expect(lines.filter((line) => /^Section \d+$/.test(line))).toHaveLength(12);
  });

  it('prints Latin letters beyond Western European, Greek and Cyrillic, and keeps them within the margins', async () => {
    // A document before it, whose "Ş" must not take the next one's "S".
    await renderFieldsPdf({ title: 'Before', sections: [{ fields: [['Name', 'Şahin']] }], footer: 'Footer' });
    const names = 'Şahin Doğan İzmir, Skład Łukasz Wałęsa, Čapek Dvořák, Erdős Ő, Ελληνικά, Русский';
    const bytes = await renderFieldsPdf({
      title: 'Delivery Order',
      subtitle: ['Entry DMI-4120417-3'],
      sections: [{ heading: 'Trucker', fields: [['Name', names.repeat(3)]] }],
      footer: `Issued for ${names}. Questions: brokerage-operations@clearport.example`,
    });
    const { lines, placed, document } = await pdfText(bytes);
    expect(lines.join(' ')).toContain(names);
    expect(lines.join('')).not.toContain('?');
    for (const line of placed) expect(line.x + line.width, line.text).toBeLessThanOrEqual(612 - 54);
    // Only the letters used are embedded: the file stays small.
    expect(bytes.length).toBeLessThan(60_000);
    expect(document.getTitle()).toBe('Delivery Order');
  });

  it('prints a letter typed as a base letter and a combining mark as the one letter it is', async () => {
    const bytes = await renderFieldsPdf({
      title: 'Names',
      sections: [{ fields: [['Contact', 'Mu\u0308ller, Jose\u0301 N\u0303un\u0303ez']] }],
      footer: 'Footer',
    });
    expect((await pdfText(bytes)).lines).toContain('Müller, José Ñuñez');
  });

  it('wraps the subtitle and the footer within the margins, page number and all', async () => {
    const company = 'The Extraordinarily Long Named International Import Company Holdings';
    const bytes = await renderFieldsPdf({
      title: 'Delivery Order',
      subtitle: ['Entry ' + 'DMI-4120417-3'.repeat(6), 'Order 133', 'Date 12/05/2026'],
      sections: Array.from({ length: 6 }, (_, index) => ({
        heading: `Section ${index}`,
        fields: Array.from({ length: 12 }, (_, line): [string, string] => [`Label ${line}`, 'Value']),
      })),
      footer: `Issued by ${BROKERAGE_NAME} for ${company}. Questions: brokerage-operations@clearport.example`,
    });
    const { pageCount, lines, placed } = await pdfText(bytes);
    expect(pageCount).toBe(3);
    for (const line of placed) {
      expect(line.x, line.text).toBeGreaterThanOrEqual(54);
      expect(line.x + line.width, line.text).toBeLessThanOrEqual(612 - 54);
      expect(line.y, line.text).toBeGreaterThanOrEqual(54);
    }
    expect(lines.some((line) => line.endsWith('Order 133'))).toBe(true);
    expect(lines).toContain('Date 12/05/2026');
    for (const page of [1, 2, 3]) expect(lines.some((line) => line.endsWith(`Page ${page} of 3`))).toBe(true);
    // The footer's lines stay below the page's last line of text.
    for (let page = 0; page < pageCount; page++) {
      const onPage = placed.filter((line) => line.page === page);
      const footerTop = Math.max(...onPage.filter((line) => line.size === 8).map((line) => line.y));
      const textBottom = Math.min(...onPage.filter((line) => line.size !== 8).map((line) => line.y));
      expect(textBottom - footerTop).toBeGreaterThanOrEqual(16);
    }
  });

  it('heads every page after the first with the brokerage and the running title, and a section that goes on', async () => {
    const bytes = await renderFieldsPdf({
      title: 'Delivery Order',
      subtitle: ['Entry DMI-4120417-3', 'Order 133', 'Date 12/05/2026'],
      runningTitle: ['Delivery Order', 'Entry DMI-4120417-3', 'Order 133'],
      sections: [{ heading: 'Note', fields: [['Note', 'A line of the note.\n'.repeat(90)]] }],
      footer: 'Footer',
    });
    const { pageCount, placed } = await pdfText(bytes);
    expect(pageCount).toBeGreaterThan(2);
    for (let page = 1; page < pageCount; page++) {
      const top = placed.filter((line) => line.page === page).slice(0, 3);
      expect(top.map((line) => line.text)).toEqual([
        BROKERAGE_NAME,
        'Delivery Order    Entry DMI-4120417-3    Order 133',
        'Note (continued)',
      ]);
    }
  });

  it('never carries a section’s last line alone to a new page', async () => {
    for (let count = 20; count < 60; count++) {
      const bytes = await renderFieldsPdf({
        title: 'Lines',
        sections: [{ heading: 'Many', fields: Array.from({ length: count }, (_, line) => [`L${line}`, 'Value']) }],
        footer: 'Footer',
      });
      const { placed } = await pdfText(bytes);
      const pageOf = (text: string) => placed.find((line) => line.text === text)!.page;
      expect(pageOf(`L${count - 2}`), `${count} lines`).toBe(pageOf(`L${count - 1}`));
    }
  });

  it('names the file, its author and maker, and dates it when it was issued', async () => {
    const issued = new Date('2026-12-05T12:00:00Z');
    const bytes = await renderFieldsPdf({
      title: 'Delivery Order',
      documentTitle: 'Delivery order 133 for entry DMI-4120417-3',
      issued,
      sections: [],
      footer: 'Footer',
    });
    const { document } = await pdfText(bytes);
    expect(document.getTitle()).toBe('Delivery order 133 for entry DMI-4120417-3');
    expect(document.getAuthor()).toBe(BROKERAGE_NAME);
    expect(document.getCreator()).toBe('Clearport');
    expect(document.getProducer()).toBe('Clearport');
    expect(document.getCreationDate()).toEqual(issued);
    expect(document.getModificationDate()).toEqual(issued);
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

describe('packed', () => {
  const fits = (line: string) => line.length <= 20;

  it('puts as many parts on a line as fit, a gap between them, and wraps a part longer than a line', () => {
    expect(packed(['Entry A-1', 'Order 2', 'Date 3'], fits)).toEqual(['Entry A-1    Order 2', 'Date 3']);
    expect(packed(['x'.repeat(25), 'y'], fits)).toEqual(['x'.repeat(20), 'xxxxx    y']);
    expect(packed([], fits)).toEqual([]);
  });
});
