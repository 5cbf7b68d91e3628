import { renderFieldsPdf, type PdfField } from '../lib/pdf.ts';

/**
 * Small one-page PDFs for the demo brokerage: enough for the portal to show and download a real
 * file (lib/pdf.ts lays them out).
 */

type Field = PdfField;

function onePagePdf(title: string, fields: readonly Field[], footer: string): Promise<Uint8Array> {
  return renderFieldsPdf({ title, sections: [{ fields }], footer });
}

const joined = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : 'None');

/** One formatter for all: toLocaleString() builds a new one on every call, which is slow. */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usd = (amount: number) => USD.format(amount);

export type EntrySummaryLine = {
  lineNumber: number;
  hts: string;
  description: string;
  rate: string;
  enteredValue: number;
  duty: number;
};

export type EntrySummaryDetails = {
  entryNumber: string;
  /** Block 2: the code and its name, such as `03 Consumption - Antidumping/Countervailing Duty`. */
  entryType: string;
  summaryDate: string;
  bondType: string;
  portOfEntry: string;
  entryDate: string;
  /** Block 8: the vessel's name, or the flight. */
  carrier: string;
  transportMode: string;
  /** Blocks 10 and 14: ISO 3166 codes. */
  countryOfOrigin: string;
  countryOfExport: string;
  importDate: string;
  /** Block 12: the masters and houses. */
  billsOfLading: readonly string[];
  portOfUnlading: string;
  importer: string;
  accountNo: string;
  containers: readonly string[];
  lines: readonly EntrySummaryLine[];
  duty: number;
  /** Block 39: MPF, HMF and other fees. */
  otherFees: number;
};

/** The blocks of CBP Form 7501 the demo fills, with their numbers and titles. */
export function entrySummaryPdf(entry: EntrySummaryDetails): Promise<Uint8Array> {
  const totalValue = entry.lines.reduce((sum, line) => sum + line.enteredValue, 0);
  return renderFieldsPdf({
    title: 'CBP Form 7501 Entry Summary',
    sections: [
      {
        fields: [
          ['1 Filer Code/Entry No.', entry.entryNumber],
          ['2 Entry Type', entry.entryType],
          ['3 Summary Date', entry.summaryDate],
          ['5 Bond Type', entry.bondType],
          ['6 Port Code', entry.portOfEntry],
          ['7 Entry Date', entry.entryDate],
          ['8 Importing Carrier', entry.carrier],
          ['9 Mode of Transport', entry.transportMode],
          ['10 Country of Origin', entry.countryOfOrigin],
          ['11 Import Date', entry.importDate],
          ['12 B/L or AWB No.', joined(entry.billsOfLading)],
          ['14 Exporting Country', entry.countryOfExport],
          ['20 U.S. Port of Unlading', entry.portOfUnlading],
          ['26 Importer of Record', entry.importer],
          ['Account', entry.accountNo],
          ['Containers', joined(entry.containers)],
        ],
      },
      {
        heading: '27-34 Lines: HTSUS No., description, rate, entered value, duty',
        fields: entry.lines.map((line): Field => [
          `Line ${line.lineNumber}`,
          `${line.hts} ${line.description}; ${line.rate}; ${usd(line.enteredValue)}; ${usd(line.duty)}`,
        ]),
      },
      {
        fields: [
          ['35 Total Entered Value', usd(totalValue)],
          ['37 Duty', usd(entry.duty)],
          ['38 Tax', usd(0)],
          ['39 Other', usd(entry.otherFees)],
          ['40 Total', usd(entry.duty + entry.otherFees)],
        ],
      },
    ],
    footer: 'Demo document: not a filing with U.S. Customs and Border Protection.',
  });
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
