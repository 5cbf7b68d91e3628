import type { ReactNode } from 'react';
import { AUTH_TEXTS } from '../../config/auth-texts.ts';
import { COMMON_TEXTS } from '../../config/common-texts.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { Logo } from '../ui/logo.tsx';
import styles from './auth-layout.module.css';

type AuthLayoutProps = {
  title: string;
  intro?: string;
  children: ReactNode;
};

/** Pages outside the main layout: login, forgot password and reset password. */
export function AuthLayout({ title, intro, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <aside className={styles.brand}>
        <div className={styles.brandName}>
          <Logo size={48} alt="" />
          <span>{COMMON_TEXTS.productName}</span>
        </div>
        <p className={styles.pitch}>
          {AUTH_TEXTS.authPitch}
          <span className={styles.pitchDetail}>{AUTH_TEXTS.authPitchDetail}</span>
        </p>
      </aside>
      <main className={styles.main}>
        <div className={styles.card}>
          <div className={styles.compactBrand}>
            <Logo size={36} alt="" />
            <span>{COMMON_TEXTS.productName}</span>
          </div>
          <h1 className={styles.title}>{title}</h1>
          {intro && <p className={styles.intro}>{intro}</p>}
          <div className={styles.body}>{children}</div>
        </div>
      </main>
    </div>
  );
}
