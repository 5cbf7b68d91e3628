import { Link } from 'react-router';
import { is7501Type } from '@clearport/contract/documents';
import type { ShipmentDetail } from '@clearport/contract/shipment-detail';
import type { ShipmentDocument } from '@clearport/contract/shipment-documents';
import { fillText } from '@clearport/contract/texts';
import { FileLink } from '../../../components/ui/file-link.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDetailDate } from '../../../lib/format-date.ts';
import styles from './shipment-files.module.css';

/** A stored file, or with `href` a page of the portal (an invoice opens its billing page). */
type FileEntry = { key: string; fileName: string; label: string; href?: string };

/** The 7501s (not in the upload list), then each invoice and its backup. */
function fileEntriesOf(shipment: Pick<ShipmentDetail, 'path_to_7501' | 'documents' | 'invoices'>): FileEntry[] {
  const forms = shipment.documents
    .filter((document) => is7501Type(document.document_type))
    .map((document) => ({ key: document.path, fileName: document.name, label: document.name }));
  const entries: FileEntry[] = [];
  if (shipment.path_to_7501 && !forms.some((form) => form.key === shipment.path_to_7501)) {
    entries.push({
      key: shipment.path_to_7501,
      fileName: WEB_TEXTS.shipment.file7501,
      label: WEB_TEXTS.shipment.file7501,
    });
  }
  entries.push(...forms);
  for (const invoice of shipment.invoices) {
    // The company's day, as Billing and the invoice's PDF show it, whatever the reader's zone.
    const date = formatDetailDate(invoice.invoice_date);
    // By its number too, as its downloaded file is named: a shipment billed twice a day has two.
    const number = invoice.invoice_number || String(invoice.id);
    if (invoice.path) {
      const label = fillText(WEB_TEXTS.shipment.invoiceFile, { number, date });
      entries.push({ key: invoice.path, fileName: label, label, href: paths.invoice.getHref(invoice.id) });
    }
    if (invoice.backup) {
      const label = fillText(WEB_TEXTS.shipment.invoiceBackupFile, { number, date });
      entries.push({ key: invoice.backup, fileName: label, label });
    }
  }
  return entries;
}

function FileList({ entries, emptyText }: { entries: readonly FileEntry[]; emptyText: string }) {
  if (entries.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.files}>
      {entries.map((entry) => (
        <li key={entry.key}>
          {entry.href ? (
            <Link to={entry.href}>{entry.label}</Link>
          ) : (
            <FileLink fileKey={entry.key} fileName={entry.fileName}>
              {entry.label}
            </FileLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** File links (spec section 2): the 7501s and the invoices, each opening the stored file. */
export function ShipmentFiles({
  shipment,
}: {
  shipment: Pick<ShipmentDetail, 'path_to_7501' | 'documents' | 'invoices'>;
}) {
  return (
    <Panel title={WEB_TEXTS.shipment.filesTitle}>
      <FileList entries={fileEntriesOf(shipment)} emptyText={WEB_TEXTS.shipment.noFiles} />
    </Panel>
  );
}

/** The broker's additional files. */
export function AdditionalFiles({ documents }: { documents: readonly ShipmentDocument[] }) {
  const entries = documents.map((document) => ({ key: document.path, fileName: document.name, label: document.name }));
  return (
    <Panel title={WEB_TEXTS.shipment.additionalFilesTitle}>
      <FileList entries={entries} emptyText={WEB_TEXTS.shipment.noAdditionalFiles} />
    </Panel>
  );
}
