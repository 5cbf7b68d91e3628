import { useCallback, useId, useRef } from 'react';
import { is7501Type } from '@clearport/contract/documents';
import type { ShipmentDocument } from '@clearport/contract/shipment-documents';
import { fillText } from '@clearport/contract/texts';
import { FileLink } from '../../../components/ui/file-link.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useFocusAfterChange } from '../../../hooks/use-focus-after-change.ts';
import { formatInstant } from '../../../lib/format-date.ts';
import { formatFileSize } from '../../../lib/files.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import styles from './shipment-steps.module.css';

type UploadedDocumentsProps = {
  shipmentId: number;
  documents: readonly ShipmentDocument[];
};

/** The shipment's uploads, each opening its file, with delete; the 7501 types are not listed here. */
export function UploadedDocuments({ shipmentId, documents }: UploadedDocumentsProps) {
  const headingId = useId();
  const deleteMutation = useDeleteDocument(shipmentId);
  const uploads = documents.filter((document) => !is7501Type(document.document_type));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A deleted row takes its button, and the focus, with it: the row now in its place (or the last,
  // or the heading when none is left) takes the focus instead.
  const deletedAt = useRef(0);
  const focusAfterDelete = useCallback(() => {
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(`.${styles.iconButton}`) ?? [];
    return buttons[Math.min(deletedAt.current, buttons.length - 1)] ?? headingRef.current;
  }, []);
  useFocusAfterChange(uploads.map((document) => document.id).join(), focusAfterDelete);

  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} ref={headingRef} tabIndex={-1} className={styles.subheading}>
        {WEB_TEXTS.shipment.uploadedDocuments}
      </h4>
      {uploads.length === 0 ? (
        <p className={styles.muted}>{WEB_TEXTS.shipment.noUploadedDocuments}</p>
      ) : (
        <ul ref={listRef} className={styles.uploads}>
          {uploads.map((document, index) => {
            const deleteLabel = fillText(WEB_TEXTS.shipment.deleteDocument, { name: document.name });
            const isDeleting = deleteMutation.isPending && deleteMutation.variables === document.path;
            return (
              <li key={document.id} className={styles.upload}>
                <span className={styles.uploadName}>
                  <FileLink fileKey={document.path} fileName={document.name} />
                  {document.document_type !== '' && <span className={styles.uploadType}>{document.document_type}</span>}
                  <span className={styles.uploadFacts}>
                    {formatFileSize(document.size)} · {formatInstant(document.uploaded_at)}
                  </span>
                </span>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={deleteLabel}
                  title={deleteLabel}
                  aria-disabled={isDeleting || undefined}
                  aria-busy={isDeleting || undefined}
                  onClick={() => {
                    if (isDeleting) return;
                    // A deleted file cannot be brought back: ask first.
                    if (!window.confirm(fillText(WEB_TEXTS.shipment.confirmDeleteDocument, { name: document.name }))) {
                      return;
                    }
                    deletedAt.current = index;
                    deleteMutation.mutate(document.path);
                  }}
                >
                  <TrashIcon size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
