import { useState } from 'react';
import { TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { csvNameOfToday, saveBlob } from '../../../lib/files.ts';
import { toast } from '../../../lib/toast.ts';
import { getSecurityEventsCsv } from '../api/get-security-events-csv.ts';
import type { SecurityEventsFilterQuery } from '../utils/security-events-list.ts';

/** Downloads the CSV of the events the filters select, newest first, up to the stated cap. */
export function DownloadSecurityEventsButton({ query }: { query: SecurityEventsFilterQuery }) {
  const [isDownloading, setIsDownloading] = useState(false);
  const onDownload = async () => {
    setIsDownloading(true);
    try {
      const blob = await getSecurityEventsCsv(query);
      saveBlob(blob, csvNameOfToday('security-events'));
    } catch {
      toast.error(TEXTS.genericError, { toastId: TEXTS.genericError });
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Button variant="secondary" isPending={isDownloading} onClick={() => void onDownload()}>
      {isDownloading ? WEB_TEXTS.securityEvents.downloading : WEB_TEXTS.securityEvents.downloadCsv}
    </Button>
  );
}
