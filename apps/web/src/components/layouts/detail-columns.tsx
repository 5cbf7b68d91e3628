import type { ReactNode } from 'react';
import styles from './detail-columns.module.css';

type DetailColumnsProps = {
  left: ReactNode;
  right: ReactNode;
};

/** A detail page's two sides; one column under each other in a narrow window. */
export function DetailColumns({ left, right }: DetailColumnsProps) {
  return (
    <div className={styles.columns}>
      <div className={styles.column}>{left}</div>
      <div className={styles.column}>{right}</div>
    </div>
  );
}
