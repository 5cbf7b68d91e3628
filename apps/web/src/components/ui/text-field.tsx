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

/** At most this many lines show at once; more scroll inside the field. */
const MAX_SHOWN_LINES = 6;

/**
 * A read-only field of several values, one a line, each shown whole however narrow the screen
 * (a one-line input cuts all but the first ones off).
 */
export function ReadOnlyLines({ label, lines }: { label: string; lines: readonly string[] }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${styles.input} ${styles.lines}`}
        value={lines.join('\n')}
        rows={Math.min(Math.max(lines.length, 1), MAX_SHOWN_LINES)}
        readOnly
      />
    </div>
  );
}
