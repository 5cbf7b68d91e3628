import { useId, useState, type FormEvent } from 'react';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { Button } from '../ui/button.tsx';
import { FormMessage } from '../ui/form-message.tsx';
import { TextField } from '../ui/text-field.tsx';
import { COMMON_TEXTS } from '../../config/common-texts.ts';
import styles from './two-factor.module.css';

type TwoFactorSetupProps = {
  /** The key as the server drew it: a QR code (SVG) and the key typed. */
  setup: { secret: string; qr_svg: string };
  error: string | null;
  isPending: boolean;
  onConfirm: (code: string) => void;
  /** Where the setup may be left (Settings): a Cancel beside Verify; nothing is turned on. */
  onCancel?: () => void;
};

/** Scan or type the new key, then confirm it with the app's first code. */
export function TwoFactorSetup({ setup, error, isPending, onConfirm, onCancel }: TwoFactorSetupProps) {
  const errorId = useId();
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const shownError = formError ?? error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (typed === '') return setFormError(TWO_FACTOR_ERRORS.codeEmpty);
    setFormError(null);
    onConfirm(typed);
  };
  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <p className={styles.hint}>{TWO_FACTOR_TEXTS.scan}</p>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
        alt={TWO_FACTOR_TEXTS.qrAlt}
        width={192}
        height={192}
      />
      <p className={styles.secret}>
        <span>{TWO_FACTOR_TEXTS.secretLabel}: </span>
        <code aria-label={TWO_FACTOR_TEXTS.secretLabel}>{setup.secret}</code>
      </p>
      <TextField
        label={TWO_FACTOR_TEXTS.code}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={8}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        isInvalid={shownError !== null}
        errorId={errorId}
      />
      {shownError && (
        <FormMessage id={errorId} tone="error">
          {shownError}
        </FormMessage>
      )}
      <div className={styles.actions}>
        <Button type="submit" isPending={isPending}>
          {TWO_FACTOR_TEXTS.verify}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {COMMON_TEXTS.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
