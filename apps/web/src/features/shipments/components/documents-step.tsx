import type { ShipmentDetail } from '@clearport/contract/shipments';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { DocumentTypes } from './document-types.tsx';
import { DocumentUpload } from './document-upload.tsx';
import { UploadedDocuments } from './uploaded-documents.tsx';
import styles from './shipment-steps.module.css';

type DocumentsStepProps = {
  shipment: Pick<ShipmentDetail, 'id' | 'document_note' | 'types' | 'documents'>;
};

/** Step 2: the broker's note, the document types to tick, the drop area and the uploads. */
export function DocumentsStep({ shipment }: DocumentsStepProps) {
  return (
    <div className={styles.documents}>
      {shipment.document_note.trim() !== '' && (
        <p className={styles.brokerNote}>
          <strong>{WEB_TEXTS.shipment.brokerDocumentNote}</strong>
          {shipment.document_note}
        </p>
      )}
      <DocumentTypes shipmentId={shipment.id} types={shipment.types} />
      <DocumentUpload shipmentId={shipment.id} />
      <UploadedDocuments shipmentId={shipment.id} documents={shipment.documents} />
    </div>
  );
}
