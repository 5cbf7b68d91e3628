import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '@clearport/contract/invoices';
import { invoice } from '../../../testing/invoices-data.ts';
import { mockMatchMedia, renderWithProviders } from '../../../testing/test-utils.tsx';
import { DEFAULT_INVOICE_SORT, type InvoiceSort } from '../utils/saved-billing-list.ts';
import { InvoicesTable } from './invoices-table.tsx';

function renderTable(invoices: Invoice[], options: Partial<Parameters<typeof InvoicesTable>[0]> = {}) {
  return renderWithProviders(
    <InvoicesTable
      invoices={invoices}
      sort={DEFAULT_INVOICE_SORT}
      onSortChange={() => {}}
      isLoading={false}
      {...options}
    />,
    { path: '/billing', url: '/billing' },
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Invoices' }))
    .getAllByRole('row')
    .slice(1);

describe('InvoicesTable', () => {
  it('shows an invoice: links, dates MM/dd/yyyy, the amount, two containers with +N, Paid or Not Paid', async () => {
    renderTable([invoice(), invoice({ id: 5, invoice_number: 'INV-260105', is_paid: 1, is_overdue: 0, amount: null })]);
    const [first, second] = bodyRows();
    const cells = within(first!).getAllByRole('cell');
    expect(within(cells[0]!).getByRole('link', { name: 'INV-260104' }).getAttribute('href')).toBe('/billing/4');
    expect(within(cells[1]!).getByRole('link', { name: 'DMI-4120012-1' }).getAttribute('href')).toBe('/shipments/12');
    expect(cells[6]!.textContent).toMatch(/^\d{2}\/\d{2}\/2026$/);
    expect(cells[7]!.textContent).toBe('$1,234.50');
    expect(cells[8]!.textContent).toBe('04/06/2026 (Overdue)');
    expect(cells[9]!.textContent).toBe('Not Paid');
    expect(within(cells[4]!).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(cells[4]!).getByRole('button', { name: /\+1/ }));
    expect(within(cells[4]!).getAllByRole('listitem')).toHaveLength(3);
    const secondCells = within(second!).getAllByRole('cell');
    expect(secondCells[7]!.textContent).toBe('');
    expect(secondCells[9]!.textContent).toBe('Paid');
  });

  it('asks for a column ascending, then the other way', async () => {
    const onSortChange = vi.fn<(sort: InvoiceSort) => void>();
    renderTable([invoice()], { onSortChange });
    await userEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'amount', direction: 'asc' });
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(screen.getByRole('button', { name: 'Date' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'created_at', direction: 'asc' });
  });

  it('says when there is nothing, and offers a retry after a failure', async () => {
    const onRetry = vi.fn();
    renderTable([], { isError: true, onRetry });
    expect(screen.getByText('Something went wrong. Please, try again in a few minutes!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('shows No invoices found for an empty page', () => {
    renderTable([]);
    expect(screen.getByText('No invoices found')).toBeTruthy();
  });
});

describe('InvoicesTable below 600 px', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each invoice as a card: number and status, then amount, due date, date, file and containers', () => {
    mockMatchMedia(true);
    renderTable([invoice(), invoice({ id: 5, invoice_number: 'INV-260105', is_paid: 1, is_overdue: 0, amount: null })]);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Invoices' });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(within(first!).getByRole('link', { name: 'INV-260104' }).getAttribute('href')).toBe('/billing/4');
    expect(first!.textContent).toContain('Not Paid');
    expect(
      within(first!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Amount', 'Due Date', 'Date', 'File Number', 'Container Number(s)']);
    const definitions = within(first!).getAllByRole('definition');
    expect(definitions[0]!.textContent).toBe('$1,234.50');
    expect(definitions[1]!.textContent).toBe('04/06/2026 (Overdue)');
    expect(second!.textContent).toContain('Paid');
    expect(within(second!).getAllByRole('term')[0]!.textContent).toBe('Due Date');
  });
});
