import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { mockMatchMedia } from '../../testing/test-utils.tsx';
import type { ListSort } from './list-state.ts';
import { ListTable, type PhoneCards } from './list-table.tsx';

type Port = { id: number; code: string; city: string; note: string; active: boolean };
type PortField = 'code' | 'city' | 'note';

const column = createColumnHelper<Port>();
const COLUMNS = [
  column.accessor('code', { id: 'code', header: 'Port code', cell: ({ getValue }) => <strong>{getValue()}</strong> }),
  column.accessor('city', { id: 'city', header: 'City' }),
  column.accessor('note', { id: 'note', header: 'Note' }),
];
const PORTS: Port[] = [
  { id: 1, code: 'USNYC', city: 'New York', note: 'Berth 4', active: true },
  { id: 2, code: 'USLAX', city: 'Los Angeles', note: '', active: false },
];
const TEXTS = { loading: 'Loading ports...', empty: 'No ports found', failed: 'Failed to load ports' };

type TableOptions = Partial<Parameters<typeof ListTable<Port, PortField>>[0]>;

function table(options: TableOptions = {}) {
  return (
    <ListTable<Port, PortField>
      caption="Ports"
      rows={PORTS}
      columns={COLUMNS}
      getRowId={(port) => String(port.id)}
      isLoading={false}
      texts={TEXTS}
      {...options}
    />
  );
}

const renderTable = (options: TableOptions = {}) => render(table(options));

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Ports' }))
    .getAllByRole('row')
    .slice(1);

describe('ListTable', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a table named by its caption, in a scrollable region that takes focus', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'Ports' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Port code', 'City', 'Note']);
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'New York',
      'Los Angeles',
    ]);
  });

  it('sorts from the keyboard: a header is a button that asks for its column ascending, then flips it', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn<(sort: ListSort<PortField>) => void>();
    const { rerender } = renderTable({ sort: { field: 'code', direction: 'asc' }, onSortChange });
    expect(screen.getAllByRole('columnheader').map((header) => header.getAttribute('aria-sort'))).toEqual([
      'ascending',
      null,
      null,
    ]);

    await user.tab(); // the scrolling region
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Port code' }));
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'code', direction: 'desc' });

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'City' }));
    await user.keyboard(' ');
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'city', direction: 'asc' });

    rerender(table({ sort: { field: 'city', direction: 'desc' }, onSortChange }));
    expect(screen.getByRole('columnheader', { name: 'City' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Port code' }).getAttribute('aria-sort')).toBeNull();
  });

  it('has no sort buttons without an order', () => {
    renderTable();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getAllByRole('columnheader').map((header) => header.getAttribute('aria-sort'))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('marks the highlighted row and mutes the dimmed ones', () => {
    renderTable({ highlightedRowId: '2', isRowDimmed: (port) => !port.active });
    const [first, second] = bodyRows();
    expect(first!.getAttribute('data-highlighted')).toBeNull();
    expect(second!.getAttribute('data-highlighted')).toBe('true');
    expect(first!.className).toBe('');
    expect(second!.className).toMatch(/dimmed/);
  });

  it('gives each column its declared width, whether its rows are there or still loading', () => {
    const sizedColumns = [
      column.accessor('code', { id: 'code', header: 'Port code', size: 96 }),
      column.accessor('city', { id: 'city', header: 'City', size: 160 }),
      column.accessor('note', { id: 'note', header: 'Note' }),
    ];
    const widths = () => {
      const table = screen.getByRole('table', { name: 'Ports' });
      return {
        table: table.style.minWidth,
        columns: [...table.querySelectorAll('col')].map((col) => col.style.width),
      };
    };
    const loading = renderTable({ columns: sizedColumns, rows: [], isLoading: true });
    const whileLoading = widths();
    loading.unmount();

    renderTable({ columns: sizedColumns });
    expect(widths()).toEqual(whileLoading);
    // A column without a size has TanStack Table's 150 px; the table is at least their sum.
    expect(whileLoading).toEqual({ table: '25.375rem', columns: ['6rem', '10rem', '9.375rem'] });
  });

  it('says it is loading, that there is nothing, or that loading failed with a retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const loading = renderTable({ rows: [], isLoading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading ports...');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    loading.unmount();

    const empty = renderTable({ rows: [] });
    expect(screen.getByRole('cell').textContent).toBe('No ports found');
    expect(screen.getByRole('cell').getAttribute('colspan')).toBe('3');
    empty.unmount();

    const failed = renderTable({ rows: [], isError: true, onRetry });
    expect(screen.getByRole('cell').textContent).toContain('Failed to load ports');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
    failed.unmount();

    renderTable({ rows: [], isError: true, texts: { loading: 'Loading ports...', empty: 'No ports found' } });
    expect(screen.getByRole('cell').textContent).toBe('Something went wrong. Please, try again in a few minutes!');
  });

  it('keeps the table below 600 px when the list has no phone cards', () => {
    mockMatchMedia(true);
    renderTable();
    expect(screen.getByRole('table', { name: 'Ports' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('ListTable below 600 px, with phone cards', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const cards = () => {
    const list = screen.getByRole('list', { name: 'Ports' });
    return within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
  };
  const labels = (card: HTMLElement) =>
    within(card)
      .queryAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

  it('shows each row as a card, each cell under its column’s label, leaving out a cell with no value', () => {
    mockMatchMedia(true);
    renderTable({ phoneCards: {} });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = cards();
    expect(labels(first!)).toEqual([
      ['Port code', 'USNYC'],
      ['City', 'New York'],
      ['Note', 'Berth 4'],
    ]);
    expect(labels(second!)).toEqual([
      ['Port code', 'USLAX'],
      ['City', 'Los Angeles'],
    ]);
  });

  it('puts the heading columns first, unlabelled, and only the chosen fields under labels', () => {
    mockMatchMedia(true);
    const phoneCards: PhoneCards = { heading: ['code'], fields: ['note'] };
    renderTable({ phoneCards, highlightedRowId: '1' });
    const [first, second] = cards();
    expect(within(first!).getByText('USNYC').tagName).toBe('STRONG');
    expect(labels(first!)).toEqual([['Note', 'Berth 4']]);
    expect(labels(second!)).toEqual([]);
    expect(first!.getAttribute('data-highlighted')).toBe('true');
    expect(first!.textContent).not.toContain('New York');
  });

  it('sorts through Sort by, each column both ways', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderTable({ phoneCards: {}, sort: { field: 'city', direction: 'asc' }, onSortChange });
    const sortBy = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Port code, ascending',
      'Port code, descending',
      'City, ascending',
      'City, descending',
      'Note, ascending',
      'Note, descending',
    ]);
    expect(sortBy.selectedOptions[0]!.textContent).toBe('City, ascending');
    await user.selectOptions(sortBy, 'Note, descending');
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'note', direction: 'desc' });
  });

  it('says it is loading or finds nothing, instead of cards', () => {
    mockMatchMedia(true);
    const loading = renderTable({ phoneCards: {}, rows: [], isLoading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading ports...');
    loading.unmount();
    renderTable({ phoneCards: {}, rows: [] });
    expect(screen.getByText('No ports found')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
