import { Link, useParams } from 'react-router';
import { Id } from '@clearport/contract/http';
import { TEXTS } from '@clearport/contract/texts';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { LoadingPage } from '../../../components/ui/loading-page.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useInvoice } from '../../../features/billing/api/get-invoice.ts';
import { InvoiceView } from '../../../features/billing/components/invoice-view.tsx';

const BREADCRUMBS = [
  { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
  { link: paths.billing.getHref(), title: WEB_TEXTS.layout.navBilling },
];

/** An invoice that does not exist, or that the user may not see: the server answers both alike. */
function InvoiceNotFound() {
  return (
    <PageBody>
      <FormMessage tone="error">{TEXTS.invoiceNotFound}</FormMessage>
      <Link to={paths.billing.getHref()}>{WEB_TEXTS.billing.backToBilling}</Link>
    </PageBody>
  );
}

function InvoicePage({ id }: { id: string }) {
  const invoiceQuery = useInvoice(id);
  const invoice = invoiceQuery.data?.invoice;
  if (invoiceQuery.isPending) return <LoadingPage />;
  // Named by its number once read; the address's id is the portal's own, which no paper carries.
  const number = invoice?.invoice_number || undefined;
  const title = [WEB_TEXTS.billing.invoiceTitle, number].filter(Boolean).join(' ');
  return (
    <>
      <PageHeader
        title={WEB_TEXTS.billing.invoiceTitle}
        number={number}
        breadcrumbs={[...BREADCRUMBS, { link: paths.invoice.getHref(id), title }]}
      />
      {invoice ? (
        <PageBody>
          <InvoiceView invoice={invoice} />
        </PageBody>
      ) : invoiceQuery.isNotFound ? (
        <InvoiceNotFound />
      ) : (
        <PageBody>
          <FormMessage tone="error">{TEXTS.genericError}</FormMessage>
          <div>
            <Button variant="secondary" isPending={invoiceQuery.isFetching} onClick={() => void invoiceQuery.refetch()}>
              {WEB_TEXTS.common.tryAgain}
            </Button>
          </div>
        </PageBody>
      )}
    </>
  );
}

/** The invoice page (spec section 2, /billing/{id}). */
export function InvoiceRoute() {
  const { id = '' } = useParams();
  if (!Id.safeParse(id).success) {
    return (
      <>
        <PageHeader title={WEB_TEXTS.billing.invoiceTitle} breadcrumbs={BREADCRUMBS} />
        <InvoiceNotFound />
      </>
    );
  }
  return <InvoicePage key={id} id={id} />;
}
