import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ListFilterBar } from './list-filter-bar.tsx';

function renderBar(search: string, onSearchChange = vi.fn()) {
  return render(
    <ListFilterBar
      label="Port filters"
      searchLabel="Search ports"
      search={search}
      onSearchChange={onSearchChange}
      actions={<a href="/ports/new">Add Port</a>}
    >
      <label>
        Country <select />
      </label>
    </ListFilterBar>,
  );
}

describe('ListFilterBar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a search landmark: the search box with the placeholder Search, the list’s filters, then its actions', () => {
    renderBar('');
    const bar = screen.getByRole('search', { name: 'Port filters' });
    expect(within(bar).getByRole('searchbox', { name: 'Search ports' }).getAttribute('placeholder')).toBe('Search');
    expect(within(bar).getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(bar.lastElementChild!.textContent).toBe('Add Port');
  });

  it('applies the search 200 ms after the last key, once', () => {
    vi.useFakeTimers();
    const onSearchChange = vi.fn();
    renderBar('', onSearchChange);
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'US' } });
    act(() => vi.advanceTimersByTime(150));
    fireEvent.change(search, { target: { value: 'USNYC' } });
    act(() => vi.advanceTimersByTime(199));
    expect(onSearchChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearchChange.mock.calls).toEqual([['USNYC']]);
  });

  it('shows a search changed from outside, as when the filters are cleared', () => {
    const { rerender } = renderBar('USNYC');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('USNYC');
    rerender(<ListFilterBar label="Port filters" searchLabel="Search ports" search="" onSearchChange={vi.fn()} />);
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
  });
});
