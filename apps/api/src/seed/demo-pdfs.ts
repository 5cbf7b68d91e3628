import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/**
 * Small one-page PDFs for the demo brokerage: enough for the portal to show and download a real
 * file. Each embeds only the standard Helvetica (no font file) and takes a millisecond or two.
 */

type Field = readonly [label: string, value: string];

const BROKER = 'Clearport Customs Brokerage';
const GREY = rgb(0.35, 0.35, 0.35);
const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const VALUE_INDENT = 150;
const TEXT_SIZE = 10;
const LINE_HEIGHT = 16;

async function onePagePdf(title: string, fields: readonly Field[], footer: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  pdf.setProducer(BROKER);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;

  page.drawText(BROKER, { x: MARGIN, y, size: 10, font, color: GREY });
  y -= 28;
  page.drawText(title, { x: MARGIN, y, size: 18, font });
  y -= 12;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE[0] - MARGIN, y }, thickness: 0.75, color: GREY });
  y -= 24;
  // Two columns of lines, drawn with one call each: pdf-lib's cost is per call, not per line.
  const valueWidth = PAGE[0] - 2 * MARGIN - VALUE_INDENT;
  const labels: string[] = [];
  const values: string[] = [];
  for (const [label, value] of fields) {
    const lines = wrap(value, (text) => font.widthOfTextAtSize(text, TEXT_SIZE) <= valueWidth);
    labels.push(label, ...lines.slice(1).map(() => ''));
    values.push(...lines);
  }
  const column = { y, size: TEXT_SIZE, font, lineHeight: LINE_HEIGHT };
  page.drawText(labels.join('\n'), { ...column, x: MARGIN, color: GREY });
  page.drawText(values.join('\n'), { ...column, x: MARGIN + VALUE_INDENT });
  page.drawText(footer, { x: MARGIN, y: MARGIN, size: 8, font, color: GREY });
  // Without object streams pdf-lib saves about twice as fast; the files stay around 2 kB.
  return pdf.save({ useObjectStreams: false, objectsPerTick: Infinity });
}

/** Breaks a value at spaces into lines that fit. */
function wrap(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const longer = line ? `${line} ${word}` : word;
    if (line && !fits(longer)) {
      lines.push(line);
      line = word;
    } else {
      line = longer;
    }
  }
  return [...lines, line];
}

const joined = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : 'None');

/** One formatter for all: toLocaleString() builds a new one on every call, which is slow. */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usd = (amount: number) => USD.format(amount);

export type EntrySummaryDetails = {
  fileNumber: string;
  accountNo: string;
  importer: string;
  portOfEntry: string;
  carrier: string;
  arrivalDate: string;
  origin: string;
  billsOfLading: readonly string[];
  containers: readonly string[];
  enteredValue: number;
  duty: number;
};

export function entrySummaryPdf(entry: EntrySummaryDetails): Promise<Uint8Array> {
  return onePagePdf(
    'CBP Form 7501 Entry Summary',
    [
      ['Entry number', entry.fileNumber],
      ['Entry type', '01 Consumption'],
      ['Importer of record', entry.importer],
      ['Account', entry.accountNo],
      ['Port of entry', entry.portOfEntry],
      ['Importing carrier', entry.carrier],
      ['Arrival date', entry.arrivalDate],
      ['Country of origin', entry.origin],
      ['Bills of lading', joined(entry.billsOfLading)],
      ['Containers', joined(entry.containers)],
      ['Entered value', usd(entry.enteredValue)],
      ['Duty, MPF and HMF', usd(entry.duty)],
    ],
    'Demo document: not a filing with U.S. Customs and Border Protection.',
  );
}

export type InvoiceDetails = {
  invoiceNumber: string;
  fileNumber: string;
  accountNo: string;
  billTo: string;
  issued: string;
  due: string;
  containers: readonly string[];
  charges: ReadonlyArray<{ label: string; amount: number }>;
};

export function invoicePdf(invoice: InvoiceDetails): Promise<Uint8Array> {
  const total = invoice.charges.reduce((sum, charge) => sum + charge.amount, 0);
  return onePagePdf(
    `Invoice ${invoice.invoiceNumber}`,
    [
      ['Bill to', invoice.billTo],
      ['Account', invoice.accountNo],
      ['Entry number', invoice.fileNumber],
      ['Containers', joined(invoice.containers)],
      ['Invoice date', invoice.issued],
      ...invoice.charges.map((charge): Field => [charge.label, usd(charge.amount)]),
      ['Amount due', usd(total)],
      ['Due date', invoice.due],
    ],
    'Payment instructions are on the invoice page of the portal.',
  );
}

export type InvoiceBackupDetails = {
  invoiceNumber: string;
  fileNumber: string;
  accountNo: string;
  receipts: ReadonlyArray<{ label: string; amount: number }>;
};

/** The receipts behind an invoice's pass-through charges. */
export function invoiceBackupPdf(backup: InvoiceBackupDetails): Promise<Uint8Array> {
  return onePagePdf(
    `Backup for invoice ${backup.invoiceNumber}`,
    [
      ['Entry number', backup.fileNumber],
      ['Account', backup.accountNo],
      ...backup.receipts.map((receipt): Field => [receipt.label, usd(receipt.amount)]),
    ],
    'Copies of third-party receipts billed at cost.',
  );
}

export type ShipmentDocumentDetails = {
  title: string;
  fileNumber: string;
  accountNo: string;
  reference: string;
  containers: readonly string[];
  note: string;
};

/** A client's upload (invoice, packing list, arrival notice…) or one of the broker's additional files. */
export function shipmentDocumentPdf(document: ShipmentDocumentDetails): Promise<Uint8Array> {
  return onePagePdf(
    document.title,
    [
      ['Entry number', document.fileNumber],
      ['Account', document.accountNo],
      ['Reference', document.reference || 'None'],
      ['Containers', joined(document.containers)],
      ['Note', document.note],
    ],
    'Demo document generated by Clearport.',
  );
}
