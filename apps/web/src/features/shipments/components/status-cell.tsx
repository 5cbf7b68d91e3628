import { TRACKED_DOCUMENT_ABBREVIATIONS } from '@clearport/contract/documents';
import type { ShipmentListItem } from '@clearport/contract/shipments';
import { statusColour, statusDisplay } from '@clearport/contract/statuses';
import { fillText } from '@clearport/contract/texts';
import { CheckIcon, CrossIcon } from '../../../components/ui/icons.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './status-cell.module.css';

type StatusCellProps = {
  status: string;
  /** The per-document account's documents: a tick or cross for each of AN, BL, CI and PS it has. */
  trackedDocuments?: ShipmentListItem['documents_submitted'];
};

/** A coloured dot and the status's display text (spec section 4); the text carries the meaning. */
export function StatusCell({ status, trackedDocuments = [] }: StatusCellProps) {
  const colour = statusColour(status);
  const ticks = TRACKED_DOCUMENT_ABBREVIATIONS.flatMap(({ type, abbreviation }) => {
    const document = trackedDocuments.find((each) => each.type === type);
    return document ? [{ type, abbreviation, isSubmitted: document.submitted }] : [];
  });
  return (
    <div className={styles.cell}>
      <span className={styles.status}>
        <span className={`${styles.dot} ${styles[colour]}`} data-colour={colour} aria-hidden="true" />
        {statusDisplay(status)}
      </span>
      {ticks.length > 0 && (
        <ul className={styles.documents}>
          {ticks.map(({ type, abbreviation, isSubmitted }) => {
            const name = fillText(
              isSubmitted ? WEB_TEXTS.shipments.documentSubmitted : WEB_TEXTS.shipments.documentNotSubmitted,
              { type },
            );
            return (
              <li key={type}>
                <span
                  role="img"
                  aria-label={name}
                  title={name}
                  className={`${styles.document} ${isSubmitted ? styles.submitted : styles.missing}`}
                >
                  {abbreviation}
                  {isSubmitted ? <CheckIcon size={14} /> : <CrossIcon size={14} />}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
