import type { FormEvent, ReactNode } from 'react';
import { WEB_TEXTS } from '../../config/texts.ts';
import { Button } from './button.tsx';
import { FormMessage } from './form-message.tsx';
import styles from './form-frame.module.css';

type FormFrameProps = {
  /** While the data the form needs loads: it does not submit. */
  isLoading?: boolean;
  isSubmitting: boolean;
  submitLabel: string;
  /** Shown above the buttons; empty for none. */
  failure: string;
  onSubmit: (event: FormEvent) => void;
  /** Cancel is offered only where the form can be left, such as a dialog. */
  onCancel?: () => void;
  children: ReactNode;
};

/** A form's fields, then its failure, its submit button and Cancel. */
export function FormFrame({
  isLoading = false,
  isSubmitting,
  submitLabel,
  failure,
  onSubmit,
  onCancel,
  children,
}: FormFrameProps) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {children}
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <div className={styles.actions}>
        <Button type="submit" disabled={isLoading} isPending={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {WEB_TEXTS.common.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
