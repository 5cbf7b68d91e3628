import { TEXTS } from '@clearport/contract/texts';
import { ReportsIcon } from './icons.tsx';
import styles from './coming-soon.module.css';

/** The Coming Soon page's body: Page Coming Soon. */
export function ComingSoon() {
  return (
    <section className={styles.panel}>
      <ReportsIcon size={48} />
      <p className={styles.text}>{TEXTS.comingSoonText}</p>
    </section>
  );
}
