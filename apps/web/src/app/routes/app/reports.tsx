import { useMemo, useState } from 'react';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { companyTimeZoneOf, useProfile } from '../../../features/auth/api/get-profile.ts';
import { profileAccountsOf } from '../../../features/auth/utils/profile-accounts.ts';
import { DutyByChapterReport } from '../../../features/reports/components/duty-by-chapter-report.tsx';
import { DutyByMonthReport } from '../../../features/reports/components/duty-by-month-report.tsx';
import { EntriesByPortReport } from '../../../features/reports/components/entries-by-port-report.tsx';
import { OpenInvoicesReport } from '../../../features/reports/components/open-invoices-report.tsx';
import { ReleaseDaysReport } from '../../../features/reports/components/release-days-report.tsx';
import { ReportRangePicker } from '../../../features/reports/components/report-range-picker.tsx';
import { ReportStack } from '../../../features/reports/components/report-stack.tsx';
import { useReportRange } from '../../../features/reports/hooks/use-report-range.ts';
import { reportQueryOf } from '../../../features/reports/utils/report-range.ts';

const NO_ACCOUNTS: string[] = [];

/**
 * Reports (docs/decisions/0027-reports.md): the range and account, then the five reports over them,
 * the release report last.
 */
export function ReportsRoute() {
  const accountsQuery = useProfile({ select: profileAccountsOf });
  const [range, setRange] = useReportRange(useProfile({ select: companyTimeZoneOf }).data);
  const query = useMemo(() => reportQueryOf(range), [range]);
  // Open invoices do not depend on the range, which only names their export's file: while a custom
  // range is not one yet, they keep the last range that was, and their export stays at hand.
  const [lastQuery, setLastQuery] = useState(query);
  if (query && query !== lastQuery) setLastQuery(query);

  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navReports}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.reports.getHref(), title: WEB_TEXTS.layout.navReports },
        ]}
      />
      <PageBody>
        <ReportStack>
          <ReportRangePicker
            range={range}
            accounts={accountsQuery.data?.accountNumbers ?? NO_ACCOUNTS}
            onChange={setRange}
          />
          {query && (
            <>
              <DutyByMonthReport query={query} />
              <EntriesByPortReport query={query} />
              <DutyByChapterReport query={query} />
            </>
          )}
          <OpenInvoicesReport accountNo={range.account || undefined} range={query ?? lastQuery ?? undefined} />
          {/* Last: its days field changes the height of the list under it, and nothing stands below to move. */}
          {query && (
            <ReleaseDaysReport query={query} over={range.over} onOverChange={(over) => setRange({ ...range, over })} />
          )}
        </ReportStack>
      </PageBody>
    </>
  );
}
