import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';

export function SettingsRoute() {
  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navSettings}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.settings.getHref(), title: WEB_TEXTS.layout.navSettings },
        ]}
      />
      <NotAvailable />
    </>
  );
}
