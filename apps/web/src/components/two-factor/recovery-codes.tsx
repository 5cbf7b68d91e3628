import { TWO_FACTOR_TEXTS } from '@clearport/contract/two-factor-forms';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { toast } from '../../lib/toast.ts';
import { COMMON_TEXTS } from '../../config/common-texts.ts';
import { Button } from '../ui/button.tsx';
import styles from './two-factor.module.css';

type RecoveryCodesProps = {
  codes: readonly string[];
  /** What the button after the codes says and does: Done in Settings, Continue at sign-in. */
  doneLabel: string;
  onDone: () => void;
};

/** The ten recovery codes, shown once, to copy or download before going on. */
export function RecoveryCodes({ codes, doneLabel, onDone }: RecoveryCodesProps) {
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(COMMON_TEXTS.copied);
    } catch {
      toast.error(SIGN_IN_TEXTS.genericError);
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'clearport-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className={styles.stack}>
      <h3 className={styles.subtitle}>{TWO_FACTOR_TEXTS.recoveryCodesTitle}</h3>
      <p className={styles.hint}>{TWO_FACTOR_TEXTS.recoveryCodesHint}</p>
      <ul className={styles.codes} aria-label={TWO_FACTOR_TEXTS.recoveryCodesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void copy()}>
          {TWO_FACTOR_TEXTS.copy}
        </Button>
        <Button variant="secondary" onClick={download}>
          {TWO_FACTOR_TEXTS.download}
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
