import { WEB_TEXTS } from '../../config/texts.ts';
import styles from './not-available.module.css';

/** The body of a screen whose content comes in later work. */
export function NotAvailable() {
  return (
    <section className={styles.panel}>
      <h2 className={styles.title}>{WEB_TEXTS.common.notAvailableYet}</h2>
      <p className={styles.detail}>{WEB_TEXTS.common.notAvailableYetDetail}</p>
    </section>
  );
}
