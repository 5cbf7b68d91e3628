import { useId, type ComponentProps } from 'react';
import styles from './text-field.module.css';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  isInvalid?: boolean;
  /** The id of the message that explains the field's error. */
  errorId?: string;
};

/** A labelled input; the label is always visible. */
export function TextField({ label, isInvalid = false, errorId, className, ...props }: TextFieldProps) {
  const id = useId();
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={isInvalid || undefined}
        aria-describedby={isInvalid ? errorId : undefined}
        {...props}
      />
    </div>
  );
}
