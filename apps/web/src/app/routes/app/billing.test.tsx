import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { API_PATHS } from '@clearport/contract/paths';
import { PROFILE } from '../../../testing/shipments-data.ts';
import { mockApi, renderWithProviders, requestsTo } from '../../../testing/test-utils.tsx';
import { billingFiltersOf } from '../../../features/billing/utils/saved-billing-list.ts';
import { BillingRoute } from './billing.tsx';

const NO_INVOICES = {
  result: [],
  pagination: { total: 0, last_page: 1, current_page: 1, per_page: 20, cursors: { before: null, after: null } },
  open_total: '0.00',
};

afterEach(() => sessionStorage.clear());

describe('the billing list opened by a link', () => {
  it('reads an account and a payment status from the address, and nothing else', () => {
    expect(billingFiltersOf(new URLSearchParams('account=40002&payment_status=overdue'))).toEqual({
      account: '40002',
      paymentStatus: 'overdue',
    });
    expect(billingFiltersOf(new URLSearchParams('payment_status=late'))).toBeUndefined();
    expect(billingFiltersOf(new URLSearchParams(''))).toBeUndefined();
  });

  it('asks for the invoices the link names, and drops its filters from the address', async () => {
    const fetchMock = mockApi({
      '/user/profile': { body: PROFILE },
      [API_PATHS.invoices]: { body: NO_INVOICES },
      [API_PATHS.paymentInstructions]: { body: { instructions: '' } },
    });
    const { router } = renderWithProviders(<BillingRoute />, {
      path: '/billing',
      url: '/billing?account=40002&payment_status=overdue',
    });
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.invoices).length).toBeGreaterThan(0));
    const [asked] = requestsTo(fetchMock, API_PATHS.invoices);
    expect(asked!.searchParams.get('account_no')).toBe('40002');
    expect(asked!.searchParams.get('payment_status')).toBe('overdue');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });
});
