import { TEXTS } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../../config/texts.ts';
import { toast } from '../../lib/toast.ts';
import { CopyIcon } from './icons.tsx';
import styles from './copy-button.module.css';

type CopyButtonProps = {
  /** What is copied. */
  value: string;
  /** The button's accessible name, naming what it copies ("Copy account number"). */
  label: string;
};

/** Copies a value to the clipboard and says so in a toast; a refused clipboard says the generic error. */
export function CopyButton({ value, label }: CopyButtonProps) {
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(WEB_TEXTS.common.copied, { toastId: `copied ${label}` });
    } catch {
      toast.error(TEXTS.genericError, { toastId: TEXTS.genericError });
    }
  };
  return (
    <button type="button" className={styles.copy} aria-label={label} title={label} onClick={() => void onCopy()}>
      <CopyIcon size={16} />
    </button>
  );
}
