import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { INVOICES_PAGE_SIZE, type Invoice } from '@clearport/contract/invoices';
import { PageBody } from '../../../components/layouts/page-body.tsx';
import { ListPager } from '../../../components/ui/list-pager.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useProfile } from '../../../features/auth/api/get-profile.ts';
import { profileAccountsOf } from '../../../features/auth/utils/profile-accounts.ts';
import { useInvoices } from '../../../features/billing/api/get-invoices.ts';
import { InvoicesFilters } from '../../../features/billing/components/invoices-filters.tsx';
import { InvoicesSummary } from '../../../features/billing/components/invoices-summary.tsx';
import { InvoicesTable } from '../../../features/billing/components/invoices-table.tsx';
import { PaymentMethods } from '../../../features/billing/components/payment-methods.tsx';
import { BILLING_LIST, billingFiltersOf, filterQueryOf } from '../../../features/billing/utils/saved-billing-list.ts';

const NO_ACCOUNTS: string[] = [];
const NO_INVOICES: Invoice[] = [];

/** The invoice list (spec section 2): payment methods, filters, the server-sorted table and the pager. */
export function BillingRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  // A link's filters (the reports' open invoices) are taken once, then dropped from the address.
  const [asked] = useState(() => billingFiltersOf(searchParams));
  const list = useListState(BILLING_LIST, { startWith: asked });
  useEffect(() => {
    if (asked) setSearchParams({}, { replace: true });
  }, [asked, setSearchParams]);
  const { filters, sort, page, cursor } = list;
  const filterQuery = useMemo(() => filterQueryOf({ filters, sort }), [filters, sort]);
  // A step to the page beside this one goes by the keyset's place; a jump or a reload by number.
  const query = useMemo(() => ({ ...filterQuery, page, ...cursor }), [filterQuery, page, cursor]);
  const invoicesQuery = useInvoices(query);
  const accountsQuery = useProfile({ select: profileAccountsOf });
  const reply = invoicesQuery.data;
  const isCurrent = reply !== undefined && !invoicesQuery.isPlaceholderData;
  // A new page starts at its top, not where Next was pressed at the bottom of the last one.
  const listTop = useRef<HTMLDivElement>(null);
  const setPage: typeof list.setPage = (next, nextCursor) => {
    list.setPage(next, nextCursor);
    if ((listTop.current?.getBoundingClientRect().top ?? 0) < 0) listTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      <PageHeader
        title={WEB_TEXTS.layout.navBilling}
        breadcrumbs={[
          { link: paths.home.getHref(), title: WEB_TEXTS.layout.navHome },
          { link: paths.billing.getHref(), title: WEB_TEXTS.layout.navBilling },
        ]}
      />
      <PageBody>
        <PaymentMethods />
        <InvoicesFilters
          filters={list.filters}
          accounts={accountsQuery.data?.accountNumbers ?? NO_ACCOUNTS}
          onChange={list.setFilters}
        />
        <InvoicesSummary openTotal={reply?.open_total} query={filterQuery} />
        <div ref={listTop} />
        <InvoicesTable
          invoices={reply?.result ?? NO_INVOICES}
          sort={list.sort}
          onSortChange={list.setSort}
          isLoading={invoicesQuery.isPending}
          isRefreshing={invoicesQuery.isPlaceholderData}
          isError={invoicesQuery.isError}
          onRetry={() => void invoicesQuery.refetch()}
        />
        <ListPager
          page={list.page}
          pageSize={INVOICES_PAGE_SIZE}
          total={reply?.pagination.total}
          lastPage={reply?.pagination.last_page}
          cursors={isCurrent ? reply.pagination.cursors : undefined}
          hasPageNumbers
          onPageChange={setPage}
        />
      </PageBody>
    </>
  );
}
