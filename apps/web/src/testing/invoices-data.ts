import type { Invoice, InvoicesResponse, PaymentInstructions } from '@clearport/contract/invoices';

/** An invoice as the API answers it; `overrides` change any field. */
export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 4,
    invoice_number: 'INV-260104',
    proper_name: 'Demo Imports LLC',
    file_number: 'DMI-4120012-1',
    account_no: '40001',
    master_bill_lading: 'MAEU123456789',
    containers: ['MSCU1234567', 'TGHU7654321', 'CMAU1112223'],
    customer_reference_no: 'PO-7781',
    created_at: '2026-03-07T15:00:00.000Z',
    invoice_date: '2026-03-07',
    amount: '1234.50',
    due_date: '2026-04-06',
    is_paid: 0,
    is_overdue: 1,
    path: 'invoices/0c9f1e0e-1b7a-4a57-9e0f-2f9d2d7c1a11.pdf',
    backup: null,
    shipment: { id: 12, file_number: 'DMI-4120012-1' },
    ...overrides,
  };
}

export function invoicesReply(invoices: Invoice[], total = invoices.length, page = 1): InvoicesResponse {
  return {
    result: invoices,
    pagination: {
      total,
      last_page: Math.max(1, Math.ceil(total / 40)),
      current_page: page,
      per_page: 40,
      cursors: { before: null, after: null },
    },
    open_total: '1234.50',
  };
}

export const PAYMENT_INSTRUCTIONS: PaymentInstructions = {
  bank_transfer: {
    bank_name: 'First Harbor Bank, N.A.',
    account_name: 'Clearport Customs Brokerage LLC',
    account_number: '000123456789',
    ach_routing_number: '011999993',
    wire_routing_number: '021999996',
    swift_code: 'FHBKUS33',
  },
  quick_pay: { recipient: 'Clearport Customs Brokerage LLC', email: 'payments@clearport.example' },
  check_image_emails: ['checks@clearport.example', 'billing@clearport.example', 'accounting@clearport.example'],
  mailing_address: {
    payee: 'Clearport Customs Brokerage LLC',
    lines: ['1 Harbor Plaza, Suite 400', 'Newark, NJ 07114'],
  },
  reference_note: 'Please write the invoice number on every payment.',
};
