import { sql } from 'kysely';
import { DEFAULT_TIME_ZONE } from '@clearport/contract/constants';
import type { PaymentInstructions } from '@clearport/contract/invoices';
import type { Db } from '../db/connect.ts';
import { calendarDayIn } from '@clearport/contract/calendar';
import { displayDate, displayDay } from '../lib/display-dates.ts';
import type { Storage } from '../lib/storage.ts';
import { invoicesRepository } from '../modules/invoices/invoices.repository.ts';
import { invoiceBackupPdf, invoicePdf } from './demo-pdfs.ts';
import type { DemoPlan } from './demo-shipments.ts';

/**
 * The demo brokerage's billing, after its shipments and invoices exist: each invoice gets a
 * number, the charges its shipment was planned with (its entry's duty and fees, the broker's ISF), an amount and a due date 30 days after it was issued (so
 * the unpaid older ones are overdue), and its PDF and backup are drawn again to show them;
 * then the brokerage's payment instructions.
 */

export const DEMO_PAYMENT_INSTRUCTIONS: PaymentInstructions = {
  bank_transfer: {
    bank_name: 'First Harbor Bank, N.A.',
    account_name: 'Clearport Customs Brokerage LLC',
    account_number: '000123456789',
    // Fictional: valid in form (the ABA check digit), not a number we know a bank to hold.
    ach_routing_number: '011999993',
    wire_routing_number: '021999996',
    swift_code: 'FHBKUS33',
  },
  quick_pay: { recipient: 'Clearport Customs Brokerage LLC', email: 'payments@clearport.example' },
  check_image_emails: ['checks@clearport.example', 'billing@clearport.example', 'accounting@clearport.example'],
  mailing_address: {
    payee: 'Clearport Customs Brokerage LLC',
    lines: ['Attn: Accounts Receivable', '1 Harbor Plaza, Suite 400', 'Newark, NJ 07114'],
  },
  reference_note: 'Please write the invoice number on every payment.',
};

const DUE_DAYS = 30;
const DAY_MS = 86_400_000;
const FIRST_INVOICE_NO = 260_100;

type Charge = { label: string; cents: number };

/** The charges each shipment's invoice was planned with (demo-shipments.ts), by file number, in cents. */
export function plannedCharges(plan: DemoPlan): Map<string, Charge[]> {
  const shipments = plan.companies.flatMap((company) => company.shipments);
  return new Map(
    shipments.flatMap(({ row, invoice }) =>
      invoice
        ? [
            [
              row.file_number,
              invoice.charges.map((charge) => ({ label: charge.label, cents: Math.round(charge.amount * 100) })),
            ] as const,
          ]
        : [],
    ),
  );
}

export async function seedDemoBilling(db: Db, storage: Storage, charges: Map<string, Charge[]>): Promise<void> {
  const invoices = await db
    .selectFrom('invoices')
    .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
    .select([
      'invoices.id',
      'invoices.proper_name',
      'invoices.file_number',
      'invoices.container_nos',
      'invoices.created_at',
      'invoices.path',
      'invoices.backup',
      'accounts.account_no',
    ])
    .orderBy('invoices.created_at')
    .orderBy('invoices.id')
    .execute();
  const rows = await Promise.all(
    invoices.map(async (invoice, index) => {
      const invoiceNumber = `INV-${FIRST_INVOICE_NO + index}`;
      const lines = charges.get(invoice.file_number) ?? [];
      const cents = lines.reduce((sum, charge) => sum + charge.cents, 0);
      // The demo's companies are in the default zone: their days are its days.
      const due = calendarDayIn(new Date(invoice.created_at.getTime() + DUE_DAYS * DAY_MS), DEFAULT_TIME_ZONE);
      const details = { invoiceNumber, fileNumber: invoice.file_number, accountNo: invoice.account_no };
      const dollars = lines.map((charge) => ({ label: charge.label, amount: charge.cents / 100 }));
      if (invoice.path) {
        const pdf = await invoicePdf({
          ...details,
          billTo: invoice.proper_name,
          issued: displayDate(invoice.created_at, DEFAULT_TIME_ZONE),
          due: displayDay(due)!,
          containers: invoice.container_nos,
          charges: dollars,
        });
        await storage.put(invoice.path, Buffer.from(pdf));
      }
      if (invoice.backup) {
        const receipts = dollars.filter((charge) => charge.label !== 'Customs entry fee');
        const pdf = await invoiceBackupPdf({ ...details, receipts: receipts.length > 0 ? receipts : dollars });
        await storage.put(invoice.backup, Buffer.from(pdf));
      }
      return sql`(${invoice.id}::int, ${invoiceNumber}::text, ${cents}::bigint, ${due}::date)`;
    }),
  );
  await db.transaction().execute(async (trx) => {
    if (rows.length > 0) {
      await sql`
        UPDATE invoices SET invoice_number = v.number, amount_cents = v.cents, due_date = v.due
        FROM (VALUES ${sql.join(rows)}) AS v(id, number, cents, due)
        WHERE invoices.id = v.id`.execute(trx);
    }
    await invoicesRepository.setPaymentInstructions(trx, DEMO_PAYMENT_INSTRUCTIONS);
  });
}
