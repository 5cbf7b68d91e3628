import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';

export function UsersRoute() {
  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navUsers}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.users.getHref(), title: WEB_TEXTS.layout.navUsers },
        ]}
      />
      <NotAvailable />
    </>
  );
}
