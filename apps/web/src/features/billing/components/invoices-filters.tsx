import { PAYMENT_STATUS_OPTIONS, type PaymentStatus } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { FILTER_WIDTHS, ListFilterBar } from '../../../components/ui/list-filter-bar.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import type { BillingFilters } from '../utils/saved-billing-list.ts';

type InvoicesFiltersProps = {
  filters: BillingFilters;
  /** The user's account numbers. */
  accounts: readonly string[];
  onChange: (filters: BillingFilters) => void;
};

const STATUS_OPTIONS: readonly SelectOption<PaymentStatus | ''>[] = PAYMENT_STATUS_OPTIONS;
const ALL_ACCOUNTS: SelectOption<string> = { label: TEXTS.allAccounts, value: '' };

/** The search box, the account and the payment status (spec section 2). */
export function InvoicesFilters({ filters, accounts, onChange }: InvoicesFiltersProps) {
  const accountOptions = [ALL_ACCOUNTS, ...accounts.map((account) => ({ label: account, value: account }))];
  return (
    <ListFilterBar
      label={WEB_TEXTS.billing.billingFilters}
      searchLabel={WEB_TEXTS.billing.invoiceSearchLabel}
      search={filters.search}
      onSearchChange={(search) => onChange({ ...filters, search })}
    >
      <SelectField
        label={WEB_TEXTS.billing.invoiceAccountFilterLabel}
        className={FILTER_WIDTHS.normal}
        options={accountOptions}
        value={filters.account}
        onChange={(account) => onChange({ ...filters, account })}
      />
      <SelectField
        label={WEB_TEXTS.billing.paymentStatusFilterLabel}
        className={FILTER_WIDTHS.normal}
        options={STATUS_OPTIONS}
        value={filters.paymentStatus}
        onChange={(paymentStatus) => onChange({ ...filters, paymentStatus })}
      />
    </ListFilterBar>
  );
}
