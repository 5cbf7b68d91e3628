import { useId, useState, type ReactNode } from 'react';
import styles from './form-accordion.module.css';

type FormAccordionProps = {
  /** The header's id, so that a dialog holding the accordion can be named by it. */
  headingId: string;
  title: string;
  /** While the data the form needs loads: the header does not open or close, shown faded. */
  isDisabled?: boolean;
  children: ReactNode;
};

/** A form under a header that opens or closes it on a click (spec section 2); it starts open. */
export function FormAccordion({ headingId, title, isDisabled = false, children }: FormAccordionProps) {
  const [isOpen, setIsOpen] = useState(true);
  const panelId = useId();
  return (
    <div className={styles.accordion} data-disabled={isDisabled || undefined}>
      <h2 id={headingId} className={styles.accordionHeading}>
        <button
          type="button"
          className={styles.accordionHeader}
          aria-expanded={isOpen}
          aria-controls={panelId}
          disabled={isDisabled}
          onClick={() => setIsOpen((open) => !open)}
        >
          {title}
          <span aria-hidden="true" className={styles.chevron}>
            {isOpen ? '\u2212' : '+'}
          </span>
        </button>
      </h2>
      <div id={panelId} role="region" aria-labelledby={headingId} hidden={!isOpen} className={styles.accordionPanel}>
        {children}
      </div>
    </div>
  );
}
