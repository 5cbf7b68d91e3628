import type { Invoice, PaymentInstructions } from '@clearport/contract/invoices';
import type { Db } from '../../db/connect.ts';
import type { SessionUser } from '../access/session-user.ts';
import { invoicesRepository } from './invoices.repository.ts';
import { todayOf } from './invoices.rules.ts';

/** What other modules read of the invoices: the shipment detail's list, the payment instructions. */
export const invoicesReads = {
  /** As the invoice pages show them; null until the brokerage sets them. */
  paymentInstructions: (db: Db): Promise<PaymentInstructions | null> => invoicesRepository.paymentInstructions(db),

  /** The invoices of a shipment the caller may see, oldest first, overdue as of `now`'s day. */
  ofShipment: (db: Db, user: SessionUser, shipmentId: number, now: Date): Promise<Invoice[]> =>
    invoicesRepository.ofShipment(db, user, shipmentId, todayOf(now, user.timeZone)),
};
