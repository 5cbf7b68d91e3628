import { useEffect, useEffectEvent, useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@clearport/contract/constants';
import { PAYMENT_STATUS_OPTIONS, type PaymentStatus } from '@clearport/contract/invoices';
import { TEXTS } from '@clearport/contract/texts';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import type { BillingFilters } from '../utils/saved-billing-list.ts';
import styles from './invoices-filters.module.css';

type InvoicesFiltersProps = {
  filters: BillingFilters;
  /** The user's account numbers. */
  accounts: readonly string[];
  onChange: (filters: BillingFilters) => void;
};

const STATUS_OPTIONS: readonly SelectOption<PaymentStatus | ''>[] = PAYMENT_STATUS_OPTIONS;
const ALL_ACCOUNTS: SelectOption<string> = { label: TEXTS.allAccounts, value: '' };

/** The search box (debounced as the shipments list's), the account and the payment status. */
export function InvoicesFilters({ filters, accounts, onChange }: InvoicesFiltersProps) {
  const searchId = useId();
  const [searchText, setSearchText] = useState(filters.search);
  const [appliedSearch, setAppliedSearch] = useState(filters.search);
  if (filters.search !== appliedSearch) {
    setAppliedSearch(filters.search);
    setSearchText(filters.search);
  }

  const applySearch = useEffectEvent((search: string) => onChange({ ...filters, search }));
  useEffect(() => {
    if (searchText === appliedSearch) return;
    const timer = window.setTimeout(() => applySearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, appliedSearch]);

  const accountOptions = [ALL_ACCOUNTS, ...accounts.map((account) => ({ label: account, value: account }))];

  return (
    <div role="search" className={styles.filters} aria-label={WEB_TEXTS.billing.billingFilters}>
      <div className={styles.searchField}>
        <label htmlFor={searchId} className="visually-hidden">
          {WEB_TEXTS.billing.invoiceSearchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={WEB_TEXTS.shipments.searchPlaceholder}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <SelectField
        label={WEB_TEXTS.billing.invoiceAccountFilterLabel}
        options={accountOptions}
        value={filters.account}
        onChange={(account) => onChange({ ...filters, account })}
      />
      <SelectField
        label={WEB_TEXTS.billing.paymentStatusFilterLabel}
        options={STATUS_OPTIONS}
        value={filters.paymentStatus}
        onChange={(paymentStatus) => onChange({ ...filters, paymentStatus })}
      />
    </div>
  );
}
