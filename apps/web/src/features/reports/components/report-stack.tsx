import type { ReactNode } from 'react';
import styles from './reports.module.css';

/** The range picker and the reports under it, one above the other. */
export function ReportStack({ children }: { children: ReactNode }) {
  return <div className={styles.reports}>{children}</div>;
}
