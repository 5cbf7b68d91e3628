import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { ShipmentListItem } from '@clearport/contract/shipments';
import { IconTooltip } from '../../../components/ui/icon-tooltip.tsx';
import { DocumentIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import type { ShipmentLinkState } from '../utils/link-state.ts';
import styles from './entry-cell.module.css';

type EntryCellProps = {
  shipment: Pick<ShipmentListItem, 'id' | 'file_number' | 'documents_submitted'>;
  /** Whether the documents' tooltip icon belongs here: not for the per-document account. */
  hasDocumentTooltip: boolean;
  linkState: ShipmentLinkState;
  onOpen?: (shipmentId: number, event: MouseEvent<HTMLAnchorElement>) => void;
};

/**
 * The entry number, linking to the shipment, and when the shipment lists its documents an icon:
 * red with the Missing types while any is not submitted, otherwise green (spec section 2).
 */
export function EntryCell({ shipment, hasDocumentTooltip, linkState, onOpen }: EntryCellProps) {
  const documents = shipment.documents_submitted;
  const missing = documents.filter((document) => !document.submitted).map((document) => document.type);
  return (
    <span className={styles.cell}>
      <Link
        to={paths.shipment.getHref(shipment.id)}
        state={linkState}
        className={styles.link}
        onClick={(event) => onOpen?.(shipment.id, event)}
      >
        {shipment.file_number}
      </Link>
      {hasDocumentTooltip && documents.length > 0 && (
        <IconTooltip
          label={
            missing.length > 0 ? WEB_TEXTS.shipments.missingDocumentsIcon : WEB_TEXTS.shipments.allDocumentsSubmitted
          }
          icon={<DocumentIcon size={18} />}
          className={missing.length > 0 ? styles.missing : styles.complete}
        >
          {missing.length > 0 ? (
            <>
              {/* Spans, not a list: a tooltip holds phrasing content only. */}
              <span className={styles.tooltipTitle}>{WEB_TEXTS.shipments.missingDocuments}</span>
              {missing.map((type) => (
                <span key={type} className={styles.tooltipItem}>
                  {type}
                </span>
              ))}
            </>
          ) : (
            WEB_TEXTS.shipments.allDocumentsSubmitted
          )}
        </IconTooltip>
      )}
    </span>
  );
}
