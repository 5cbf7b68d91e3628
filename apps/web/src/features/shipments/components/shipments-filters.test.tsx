import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { NO_FILTERS, type ShipmentFilters } from '../utils/saved-filters.ts';
import { ShipmentsFilters } from './shipments-filters.tsx';

/** The filters with their state, as a screen keeps them; `onChange` sees every change. */
function Harness({
  initial,
  onChange,
  hasEntryFilters,
}: {
  initial: ShipmentFilters;
  onChange: (filters: ShipmentFilters) => void;
  hasEntryFilters: boolean;
}) {
  const [filters, setFilters] = useState(initial);
  return (
    <ShipmentsFilters
      filters={filters}
      accounts={['40001', '40002']}
      hasEntryFilters={hasEntryFilters}
      onChange={(next) => {
        onChange(next);
        setFilters(next);
      }}
    />
  );
}

function renderFilters(initial: Partial<ShipmentFilters> = {}, hasEntryFilters = false) {
  const onChange = vi.fn();
  render(<Harness initial={{ ...NO_FILTERS, ...initial }} onChange={onChange} hasEntryFilters={hasEntryFilters} />);
  return onChange;
}

/** Opens a react-select by its label and picks an option. */
async function choose(label: string, option: string) {
  const user = userEvent.setup();
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'ArrowDown' });
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The options of a list, read by opening it (react-select may still be on its way) and closed with Escape. */
const optionsOf = async (label: string) => {
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'ArrowDown' });
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  // The list the label names now is react-select, which took the look-alike's place.
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
  return options;
};

describe('ShipmentsFilters', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has a search box with the placeholder Search and labelled status, account and date lists', () => {
    renderFilters();
    expect(screen.getByRole('searchbox', { name: 'Search shipments' }).getAttribute('placeholder')).toBe('Search');
    for (const label of ['Status', 'Account', 'Date'])
      expect(screen.getByRole('combobox', { name: label })).toBeTruthy();
  });

  it('offers the options of spec section 9', async () => {
    renderFilters();
    expect(await optionsOf('Status')).toEqual([
      'All Shipments',
      'Released',
      'Awaiting Arrival',
      'Documents Required',
      'Pending Release',
      'CBP Intensive Exam',
      'CBP Vacis Exam',
      'CBP Docs Review Hold',
      'ISF Hold',
      'IT Shipment',
      'Not Cleared By AFB',
    ]);
    expect(await optionsOf('Account')).toEqual(['All Shipments', '40001', '40002']);
    expect(await optionsOf('Date')).toEqual([
      'All',
      'This Week',
      'This Month',
      'Last 30 Days',
      'Last 3 Months',
      'Year to Date',
    ]);
  });

  it('applies the search 200 ms after the last key, once', () => {
    vi.useFakeTimers();
    const onChange = renderFilters();
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'MS' } });
    act(() => vi.advanceTimersByTime(150));
    fireEvent.change(search, { target: { value: 'MSCU12' } });
    act(() => vi.advanceTimersByTime(199));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, search: 'MSCU12' });
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps the search when a status is chosen, and the status when a search is typed', async () => {
    const onChange = renderFilters({ search: 'PO-1' });
    await choose('Status', 'Released');
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, search: 'PO-1', status: 'released' });
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('PO-1');

    const searchbox = screen.getByRole('searchbox');
    await userEvent.setup().clear(searchbox);
    await userEvent.setup().type(searchbox, 'CSNU');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, search: 'CSNU', status: 'released' }),
    );
    expect(screen.getByText('Released')).toBeTruthy();
  });

  it('chooses an account', async () => {
    const onChange = renderFilters();
    await choose('Account', '40002');
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, account: '40002' });
  });

  it('keeps the date option with its range, and All without one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 22, 9, 30) });
    const onChange = renderFilters();
    await choose('Date', 'This Month');
    const chosen = onChange.mock.lastCall?.[0] as ShipmentFilters;
    expect(chosen.dateOption).toBe(2);
    expect(chosen.dateRange?.from).toMatch(/^2026-11-01T00:00:00/);
    expect(chosen.dateRange?.to).toMatch(/^2026-11-30T23:59:59/);
    await choose('Date', 'All');
    expect(onChange).toHaveBeenLastCalledWith(NO_FILTERS);
  });

  it('adds the entry filters after the spec’s, on the list only', async () => {
    renderFilters();
    expect(screen.queryByLabelText('Port of entry')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    cleanup();
    renderFilters({}, true);
    expect(screen.getAllByRole('combobox').length).toBe(5);
    const fields = ['Status', 'Account', 'Date', 'Port of entry', 'Entry type'].map((label) =>
      screen.getByLabelText(label),
    );
    for (const [index, field] of fields.entries()) {
      if (index > 0)
        expect(fields[index - 1]!.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: 'Any agency hold' })).toBeTruthy();
    expect((await optionsOf('Port of entry')).slice(0, 3)).toEqual([
      'All ports',
      '0401 Boston, MA',
      '0901 Buffalo, NY',
    ]);
    expect(await optionsOf('Port of entry')).toContain('4601 New York/Newark Area, Newark, NJ');
    expect((await optionsOf('Entry type'))[0]).toBe('All entry types');
    expect(await optionsOf('Entry type')).toContain('01 Consumption - Free and Dutiable');
  });

  it('chooses a port, an entry type and the agency hold, keeping the other filters', async () => {
    const onChange = renderFilters({ status: 'released' }, true);
    await choose('Port of entry', '4601 New York/Newark Area, Newark, NJ');
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, status: 'released', port: '4601' });
    await choose('Entry type', '01 Consumption - Free and Dutiable');
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, status: 'released', port: '4601', entryType: '01' });
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Any agency hold' }));
    expect(onChange).toHaveBeenLastCalledWith({
      ...NO_FILTERS,
      status: 'released',
      port: '4601',
      entryType: '01',
      isAgencyHold: true,
    });
    await choose('Port of entry', 'All ports');
    expect(onChange).toHaveBeenLastCalledWith({
      ...NO_FILTERS,
      status: 'released',
      entryType: '01',
      isAgencyHold: true,
    });
  });
});
