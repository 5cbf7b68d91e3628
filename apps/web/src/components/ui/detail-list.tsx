import type { ReactNode } from 'react';
import styles from './detail-list.module.css';

export type DetailItem = { label: string; value: ReactNode };

type DetailListProps = {
  items: readonly DetailItem[];
  className?: string;
};

/** Labelled values, each label above its value. */
export function DetailList({ items, className }: DetailListProps) {
  return (
    <dl className={[styles.list, className ?? ''].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <div key={item.label} className={styles.item}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
