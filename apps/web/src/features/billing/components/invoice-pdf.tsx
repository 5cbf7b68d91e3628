import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TEXTS, fillText } from '@clearport/contract/texts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useIsNarrowLayout } from '../../../hooks/use-media-query.ts';
import { getInvoicePdf } from '../api/invoice-files.ts';
import styles from './invoice-view.module.css';

/** A browser without a PDF viewer (most phones) gets a link instead of an empty frame. */
function canShowPdf(): boolean {
  return navigator.pdfViewerEnabled !== false;
}

/**
 * The invoice's PDF, fetched with the bearer header and embedded from a blob: URL (the server
 * serves it inline; a frame cannot send the header itself), with a link that opens it in a tab of
 * its own. Below 600 px the link alone.
 */
export function InvoicePdf({ id, number }: { id: number; number: string }) {
  const pdfQuery = useQuery({
    queryKey: ['invoices', 'pdf', id],
    queryFn: ({ signal }) => getInvoicePdf(id, signal),
    retry: false,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  const isNarrow = useIsNarrowLayout();
  const blob = pdfQuery.data;
  useEffect(() => {
    if (!blob) return;
    // The object URL is an external resource made and revoked with the blob it points to.
    const objectUrl = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  if (pdfQuery.isError) return <p className={styles.pdfMessage}>{TEXTS.genericError}</p>;
  if (!url) return <p className={styles.pdfMessage}>{WEB_TEXTS.billing.loadingPdf}</p>;
  const title = fillText(WEB_TEXTS.billing.invoicePdfTitle, { number });
  const openLink = (
    <a className={styles.openPdf} href={url} target="_blank" rel="noopener noreferrer">
      {TEXTS.openPdf}
    </a>
  );
  // A page a phone's width cannot be read in a frame: there the PDF opens in its own tab.
  if (isNarrow || !canShowPdf()) return openLink;
  // Chrome's viewer drew its toolbar after the page, and Lighthouse counted the move (0.127 of layout
  // shift): the frame shows the pages fitted to its width, and the link opens the viewer with its tools.
  return (
    <>
      {openLink}
      <iframe className={styles.pdf} src={`${url}#toolbar=0&view=FitH`} title={title} />
    </>
  );
}
