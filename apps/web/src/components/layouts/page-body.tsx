import type { ReactNode } from 'react';
import styles from './page-body.module.css';

/** The content under a page's header, with the layout's margins. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>;
}
