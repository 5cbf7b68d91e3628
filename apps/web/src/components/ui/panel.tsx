import { useId, type ReactNode } from 'react';
import styles from './panel.module.css';

type PanelProps = {
  title: ReactNode;
  /** Content beside the title, such as an action. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A titled card on a page; its heading names it, so it is a landmark region. */
export function Panel({ title, actions, children, className }: PanelProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={[styles.panel, className ?? ''].filter(Boolean).join(' ')}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
