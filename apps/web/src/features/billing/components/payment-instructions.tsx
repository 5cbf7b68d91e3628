import type { PaymentInstructions } from '@clearport/contract/invoices';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
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

/**
 * A payment detail: its label, its value and, for a bank detail, the button that copies it. A
 * number or an e-mail address never breaks inside itself: the row wraps instead, putting the value
 * under its label.
 */
type Field = { label: string; value: string; kind?: 'number' | 'email'; copyLabel?: string };

function Fields({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className={styles.fields}>
      {fields
        .filter(({ value }) => value !== '')
        .map(({ label, value, kind, copyLabel }) => (
          <div key={label} className={styles.field}>
            <dt>{label}</dt>
            <dd>
              <span className={kind ? styles[kind] : undefined}>
                {kind === 'email' ? <EmailText email={value} /> : value}
              </span>
              {copyLabel && <CopyButton value={value} label={copyLabel} />}
            </dd>
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
            { label: WEB_TEXTS.billing.bankName, value: bank.bank_name, copyLabel: WEB_TEXTS.billing.copyBankName },
            {
              label: WEB_TEXTS.billing.accountName,
              value: bank.account_name,
              copyLabel: WEB_TEXTS.billing.copyAccountName,
            },
            {
              label: WEB_TEXTS.billing.bankAccountNumber,
              value: bank.account_number,
              kind: 'number',
              copyLabel: WEB_TEXTS.billing.copyAccountNumber,
            },
            {
              label: WEB_TEXTS.billing.achRoutingNumber,
              value: bank.ach_routing_number,
              kind: 'number',
              copyLabel: WEB_TEXTS.billing.copyAchRoutingNumber,
            },
            {
              label: WEB_TEXTS.billing.wireRoutingNumber,
              value: bank.wire_routing_number,
              kind: 'number',
              copyLabel: WEB_TEXTS.billing.copyWireRoutingNumber,
            },
            {
              label: WEB_TEXTS.billing.swiftCode,
              value: bank.swift_code,
              kind: 'number',
              copyLabel: WEB_TEXTS.billing.copySwiftCode,
            },
          ]}
        />
      );
    }
    case 'quickPay':
      return (
        <Fields
          fields={[
            { label: WEB_TEXTS.billing.quickPayRecipient, value: instructions.quick_pay.recipient },
            { label: WEB_TEXTS.billing.quickPayEmail, value: instructions.quick_pay.email, kind: 'email' },
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
                <a href={`mailto:${email}`} className={styles.email}>
                  <EmailText email={email} />
                </a>
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
