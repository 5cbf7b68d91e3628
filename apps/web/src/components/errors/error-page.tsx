import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { Logo } from '../ui/logo.tsx';
import styles from './error-page.module.css';

type ErrorPageProps = {
  message: string;
  detail?: string;
  actions: ReactNode;
  /** Inside the main layout the page is a section of its <main>; on its own it is the <main>. */
  isInLayout?: boolean;
};

/** A whole page that only says what went wrong and where to go from there. */
export function ErrorPage({ message, detail, actions, isInLayout = false }: ErrorPageProps) {
  useDocumentTitle(message);
  const Card = isInLayout ? 'section' : 'main';
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <Logo size={56} />
        <h1 className={styles.message}>{message}</h1>
        {detail && <p className={styles.detail}>{detail}</p>}
        <div className={styles.actions}>{actions}</div>
      </Card>
    </div>
  );
}
