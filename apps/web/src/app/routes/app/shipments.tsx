import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';

export function ShipmentsRoute() {
  return (
    <>
      <PageHeader
        title={WEB_TEXTS.navShipments}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.navHome },
          { link: paths.shipments.getHref(), title: WEB_TEXTS.navShipments },
        ]}
      />
      <NotAvailable />
    </>
  );
}
