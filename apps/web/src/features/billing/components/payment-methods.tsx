import { useId, useState } from 'react';
import { TEXTS } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { usePaymentInstructions } from '../api/get-payment-instructions.ts';
import { PAYMENT_METHODS, PaymentMethodInstructions, type PaymentMethod } from './payment-instructions.tsx';
import styles from './payment-methods.module.css';

/** The four payment method boxes (spec section 2); each opens its instructions below them. */
export function PaymentMethods() {
  const instructionsQuery = usePaymentInstructions();
  const [open, setOpen] = useState<PaymentMethod | null>(null);
  const regionId = useId();
  const instructions = instructionsQuery.data?.payment_instructions;
  const openTitle = PAYMENT_METHODS.find((entry) => entry.method === open)?.title;

  return (
    <section aria-label={WEB_TEXTS.billing.paymentMethods} className={styles.methods}>
      <ul className={styles.boxes}>
        {PAYMENT_METHODS.map(({ method, title }) => (
          <li key={method}>
            <button
              type="button"
              className={styles.box}
              aria-expanded={open === method}
              aria-controls={regionId}
              onClick={() => setOpen(open === method ? null : method)}
            >
              {title}
            </button>
          </li>
        ))}
      </ul>
      <div
        id={regionId}
        role="region"
        aria-label={openTitle ?? WEB_TEXTS.billing.paymentMethods}
        hidden={open === null}
      >
        {open !== null && (
          <div className={styles.instructions}>
            {instructions === null && <p>{TEXTS.paymentInstructionsMissing}</p>}
            {instructions && <PaymentMethodInstructions method={open} instructions={instructions} />}
            {instructions?.reference_note && <p>{instructions.reference_note}</p>}
          </div>
        )}
      </div>
    </section>
  );
}
