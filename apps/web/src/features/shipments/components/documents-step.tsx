import { useState } from 'react';
import type { ShipmentDetail } from '@clearport/contract/shipment-detail';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { matchingDocumentType } from '../utils/matching-document-type.ts';
import { DocumentTypes, type TypeOffer } from './document-types.tsx';
import { DocumentUpload } from './document-upload.tsx';
import { UploadedDocuments } from './uploaded-documents.tsx';
import styles from './shipment-steps.module.css';

type DocumentsStepProps = {
  shipment: Pick<ShipmentDetail, 'id' | 'document_note' | 'types' | 'documents'>;
};

/**
 * Step 2: the broker's note, the document types to tick, the drop area and the uploads. After an
 * upload whose name points to a type not yet submitted, the user is offered to tick it; nothing
 * is ticked without them.
 */
export function DocumentsStep({ shipment }: DocumentsStepProps) {
  const [offer, setOffer] = useState<TypeOffer | null>(null);
  const onUploaded = (file: string) => {
    const type = matchingDocumentType(file, shipment.types);
    setOffer(type === null ? null : { file, type });
  };
  return (
    <div className={styles.documents}>
      {shipment.document_note.trim() !== '' && (
        <p className={styles.brokerNote}>
          <strong>{WEB_TEXTS.shipment.brokerDocumentNote}</strong>
          {shipment.document_note}
        </p>
      )}
      <DocumentTypes
        shipmentId={shipment.id}
        types={shipment.types}
        offer={offer}
        onOfferClosed={() => setOffer(null)}
      />
      <DocumentUpload shipmentId={shipment.id} onUploaded={onUploaded} />
      <UploadedDocuments shipmentId={shipment.id} documents={shipment.documents} />
    </div>
  );
}
