import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';

export function BillingRoute() {
  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navBilling}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.billing.getHref(), title: WEB_TEXTS.layout.navBilling },
        ]}
      />
      <NotAvailable />
    </>
  );
}
