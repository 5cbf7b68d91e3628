import { z } from 'zod';
import { PAID_FLAG } from './constants.ts';
import { EntityId, Flag } from './http.ts';
import { TEXTS } from './texts.ts';

/**
 * One billing invoice. `created_at` is ISO 8601 (the list shows it MM/dd/yyyy);
 * `master_bill_lading` is the bills' numbers joined with ", "; `path` is the invoice PDF and
 * `backup` the optional backup file, both storage paths served through API_PATHS.file.
 * The spec names `shipment` without its shape: the linked shipment's id and file number, so
 * the invoice can link to it, or null when the invoice is not tied to one shipment.
 */
export const Invoice = z.object({
  id: EntityId,
  proper_name: z.string(),
  file_number: z.string(),
  account_no: z.string(),
  master_bill_lading: z.string(),
  containers: z.array(z.string()),
  customer_reference_no: z.string(),
  created_at: z.string(),
  is_paid: Flag,
  path: z.string().nullable(),
  backup: z.string().nullable(),
  shipment: z.object({ id: EntityId, file_number: z.string() }).nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET user/invoices: every invoice of the accounts the user sees, newest first. */
export const InvoicesResponse = z.object({ result: z.array(Invoice) });
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;

/** GET user/invoices/{id}. */
export const InvoiceResponse = z.object({ invoice: Invoice });
export type InvoiceResponse = z.infer<typeof InvoiceResponse>;

export function paidLabel(flag: number): string {
  return flag === PAID_FLAG ? TEXTS.paid : TEXTS.notPaid;
}
