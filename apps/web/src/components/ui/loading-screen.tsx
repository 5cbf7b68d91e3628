import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { Logo } from './logo.tsx';
import styles from './loading.module.css';

/** The whole window while the portal's code or a route's code is on its way. */
export function LoadingScreen() {
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <div className={styles.stack}>
        <Logo size={56} alt="" />
        <div className={styles.spinner} aria-hidden="true" />
        <p>{SIGN_IN_TEXTS.loadingFullScreen}</p>
      </div>
    </div>
  );
}
