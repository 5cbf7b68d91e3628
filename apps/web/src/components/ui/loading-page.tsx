import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { PageHeader } from './page-header.tsx';
import styles from './loading.module.css';

/** A page still loading inside the layout: the header titled Loading... with the logo. */
export function LoadingPage() {
  return (
    <div className={styles.page} aria-busy="true">
      <PageHeader title={SIGN_IN_TEXTS.loadingTitle} />
      <div className={styles.body}>
        <div className={styles.spinner} aria-hidden="true" />
      </div>
    </div>
  );
}

/**
 * A page's body still on its way below a header already shown: a spinner, named for a screen
 * reader, that appears only once the wait is long enough to notice.
 */
export function LoadingBody({ label }: { label: string }) {
  return (
    <div className={styles.body} role="status">
      <div className={`${styles.spinner} ${styles.late}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
