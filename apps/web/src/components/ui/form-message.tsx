import type { ReactNode } from 'react';
import styles from './form-message.module.css';

type FormMessageProps = {
  id?: string;
  tone: 'error' | 'warning' | 'success';
  children: ReactNode;
};

/** A message under a form: errors are announced at once (alert), warnings and successes politely (status). */
export function FormMessage({ id, tone, children }: FormMessageProps) {
  return (
    <p id={id} role={tone === 'error' ? 'alert' : 'status'} className={`${styles.message} ${styles[tone]}`}>
      {children}
    </p>
  );
}
