import type { PaymentInstructions } from '@clearport/contract/invoices';
import type { ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { invoicesRepository } from './invoices.repository.ts';

/** The brokerage replaces the payment instructions the invoice pages show; the next read shows them. */
export async function setPaymentInstructions(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  instructions: PaymentInstructions,
): Promise<void> {
  await invoicesRepository.setPaymentInstructions(deps.db, instructions);
}
