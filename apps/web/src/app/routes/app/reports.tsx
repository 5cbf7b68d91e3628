import { TEXTS } from '@clearport/contract/texts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ComingSoon } from '../../../components/ui/coming-soon.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';

/** Reports' content is not in the spec: the Coming Soon page stands in. */
export function ReportsRoute() {
  return (
    <>
      <PageHeader
        title={TEXTS.comingSoonTitle}
        documentTitle={WEB_TEXTS.layout.navReports}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.reports.getHref(), title: WEB_TEXTS.layout.navReports },
        ]}
      />
      <ComingSoon />
    </>
  );
}
