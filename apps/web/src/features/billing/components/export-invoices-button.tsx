import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { InvoicesExportQuery } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { csvNameOfToday, saveBlob } from '../../../lib/files.ts';
import { getInvoicesCsv } from '../api/invoice-files.ts';

/** Downloads the CSV of every invoice the filters select, all pages, in the table's order. */
export function ExportInvoicesButton({ query }: { query: Partial<InvoicesExportQuery> }) {
  const [isExporting, setIsExporting] = useState(false);
  const onExport = async () => {
    setIsExporting(true);
    try {
      const blob = await getInvoicesCsv(query);
      saveBlob(blob, csvNameOfToday('invoices'));
    } catch {
      toast.error(TEXTS.genericError, { toastId: TEXTS.genericError });
    } finally {
      setIsExporting(false);
    }
  };
  return (
    <Button variant="secondary" isPending={isExporting} onClick={() => void onExport()}>
      {isExporting ? WEB_TEXTS.billing.exporting : TEXTS.exportCsv}
    </Button>
  );
}
