import { useId, type ComponentProps, type ReactNode } from 'react';
import styles from './checkbox.module.css';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'id' | 'role'> & {
  label: ReactNode;
  /** A line under the label that describes the box to assistive technology too. */
  description?: ReactNode;
  /** An on/off setting (role switch) rather than a choice. */
  isSwitch?: boolean;
};

/** A checkbox with its label beside it; the whole label is the click target. */
export function Checkbox({ label, description, isSwitch = false, className, ...props }: CheckboxProps) {
  const id = useId();
  const descriptionId = useId();
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        role={isSwitch ? 'switch' : undefined}
        className={isSwitch ? styles.switch : styles.checkbox}
        aria-describedby={description ? descriptionId : undefined}
        {...props}
      />
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
