import type { PaymentInstructions } from '@clearport/contract/invoices';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './payment-instructions.module.css';

export type PaymentMethod = 'bank' | 'quickPay' | 'checkImage' | 'mailCheck';

/** The four ways to pay (spec section 2), in the order the boxes show them. */
export const PAYMENT_METHODS: ReadonlyArray<{ method: PaymentMethod; title: string }> = [
  { method: 'bank', title: TEXTS.paymentAchWire },
  { method: 'quickPay', title: TEXTS.paymentQuickpayZelle },
  { method: 'checkImage', title: TEXTS.paymentEmailCheck },
  { method: 'mailCheck', title: TEXTS.paymentMailCheck },
];

function Fields({ fields }: { fields: ReadonlyArray<[string, string]> }) {
  return (
    <dl className={styles.fields}>
      {fields
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <div key={label} className={styles.field}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** How to pay by one method, as the brokerage set it. */
export function PaymentMethodInstructions({
  method,
  instructions,
}: {
  method: PaymentMethod;
  instructions: PaymentInstructions;
}) {
  switch (method) {
    case 'bank': {
      const bank = instructions.bank_transfer;
      return (
        <Fields
          fields={[
            [WEB_TEXTS.billing.bankName, bank.bank_name],
            [WEB_TEXTS.billing.accountName, bank.account_name],
            [WEB_TEXTS.billing.bankAccountNumber, bank.account_number],
            [WEB_TEXTS.billing.achRoutingNumber, bank.ach_routing_number],
            [WEB_TEXTS.billing.wireRoutingNumber, bank.wire_routing_number],
            [WEB_TEXTS.billing.swiftCode, bank.swift_code],
          ]}
        />
      );
    }
    case 'quickPay':
      return (
        <Fields
          fields={[
            [WEB_TEXTS.billing.quickPayRecipient, instructions.quick_pay.recipient],
            [WEB_TEXTS.billing.quickPayEmail, instructions.quick_pay.email],
          ]}
        />
      );
    case 'checkImage':
      return (
        <>
          <p className={styles.intro}>{WEB_TEXTS.billing.checkImageEmailsIntro}</p>
          <ul className={styles.lines}>
            {instructions.check_image_emails.map((email) => (
              <li key={email}>
                <a href={`mailto:${email}`}>{email}</a>
              </li>
            ))}
          </ul>
        </>
      );
    case 'mailCheck':
      return (
        <>
          <p className={styles.intro}>
            {fillText(WEB_TEXTS.billing.mailCheckIntro, { payee: instructions.mailing_address.payee })}
          </p>
          <address className={styles.address}>
            {[instructions.mailing_address.payee, ...instructions.mailing_address.lines].map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </>
      );
  }
}

/** Every method, each under its heading: the invoice page's side. */
export function PaymentInstructionsPanel({ instructions }: { instructions: PaymentInstructions | null | undefined }) {
  return (
    <section className={styles.panel} aria-labelledby="payment-instructions-title">
      <h2 id="payment-instructions-title" className={styles.title}>
        {WEB_TEXTS.billing.paymentInstructionsTitle}
      </h2>
      {instructions === null && <p>{TEXTS.paymentInstructionsMissing}</p>}
      {instructions &&
        PAYMENT_METHODS.map(({ method, title }) => (
          <section key={method} className={styles.method} aria-label={title}>
            <h3 className={styles.methodTitle}>{title}</h3>
            <PaymentMethodInstructions method={method} instructions={instructions} />
          </section>
        ))}
      {instructions?.reference_note && <p className={styles.note}>{instructions.reference_note}</p>}
    </section>
  );
}
