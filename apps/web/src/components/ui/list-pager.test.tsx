import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { SUBUSERS_PAGE_SIZE } from '@clearport/contract/subusers';
import { ListPager, pageNumbersAround, pagerText } from './list-pager.tsx';

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

type PagerProps = Parameters<typeof ListPager>[0];

/** The shipments list's pager: 40 a page. */
function renderPager(props: Omit<PagerProps, 'pageSize'> & { pageSize?: number }) {
  return render(<ListPager pageSize={SHIPMENTS_PAGE_SIZE} {...props} />);
}

describe('ListPager', () => {
  it('shows shown/total and moves a page back or forth', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderPager({ page: 2, total: 300, lastPage: 8, onPageChange });
    expect(screen.getByText('80/300')).toBeTruthy();
    await user.click(button('Previous'));
    await user.click(button('Next'));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('brings the list’s top into view when the user scrolled past it to reach the pager', async () => {
    const user = userEvent.setup();
    render(
      <>
        <table aria-label="Shipments" />
        <ListPager pageSize={SHIPMENTS_PAGE_SIZE} page={2} total={300} lastPage={8} onPageChange={vi.fn()} />
      </>,
    );
    const list = screen.getByRole('table');
    const scrolled = vi.fn();
    list.scrollIntoView = scrolled;
    const topAt = (top: number) =>
      vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, top, 800, 2000));
    topAt(120);
    await user.click(button('Next'));
    expect(scrolled).not.toHaveBeenCalled();
    topAt(-1_600);
    await user.click(button('Next'));
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });

  it('has no Previous on the first page and no Next on the last', () => {
    const { rerender } = renderPager({ page: 1, total: 300, lastPage: 8, onPageChange: vi.fn() });
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    rerender(<ListPager pageSize={SHIPMENTS_PAGE_SIZE} page={8} total={300} lastPage={8} onPageChange={vi.fn()} />);
    expect(screen.getByText('300/300')).toBeTruthy();
    expect(button('Previous').disabled).toBe(false);
    expect(button('Next').disabled).toBe(true);
  });

  it('shows no count and no Next while the first page loads', () => {
    renderPager({ page: 1, total: undefined, lastPage: undefined, onPageChange: vi.fn() });
    expect(button('Next').disabled).toBe(true);
    expect(screen.queryByText(/\//)).toBeNull();
  });

  it('is a navigation named Pagination, counting by the list’s page size', () => {
    renderPager({ page: 2, total: 120, lastPage: 3, pageSize: SUBUSERS_PAGE_SIZE, onPageChange: vi.fn() });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('100/120')).toBeTruthy();
  });

  it('takes a screen’s own texts', () => {
    renderPager({
      page: 1,
      total: 3,
      lastPage: 1,
      onPageChange: vi.fn(),
      texts: { label: 'Invoice pages', previous: 'Earlier', next: 'Later' },
    });
    const pager = screen.getByRole('navigation', { name: 'Invoice pages' });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((each) => each.textContent),
    ).toEqual(['Earlier', 'Later']);
  });

  it('steps by keyset: Next reads after the last row, Previous before the first, page 1 from the start', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const cursors = { before: '["2026-11-02", 9]', after: '["2026-11-01", 4]' };
    const { rerender } = renderPager({ page: 3, total: 300, lastPage: 8, cursors, onPageChange });
    await user.click(button('Next'));
    await user.click(button('Previous'));
    expect(onPageChange.mock.calls).toEqual([
      [4, { after: cursors.after }],
      [2, { before: cursors.before }],
    ]);

    rerender(
      <ListPager
        pageSize={SHIPMENTS_PAGE_SIZE}
        page={2}
        total={300}
        lastPage={8}
        cursors={cursors}
        onPageChange={onPageChange}
      />,
    );
    await user.click(button('Previous'));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('offers the first, the last and the pages beside this one, where a list numbers its pages', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const cursors = { before: 'b', after: 'a' };
    renderPager({ page: 5, total: 400, lastPage: 10, cursors, hasPageNumbers: true, onPageChange });
    const numbers = within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('list');
    expect(numbers.textContent).toBe('1…456…10');
    expect(button('Page 5').getAttribute('aria-current')).toBe('page');
    expect(button('Page 4').getAttribute('aria-current')).toBeNull();

    await user.click(button('Page 10'));
    await user.click(button('Page 6'));
    await user.click(button('Page 5'));
    // A jump is counted by number; a page beside this one is read from its place.
    expect(onPageChange.mock.calls).toEqual([[10], [6, { after: 'a' }]]);
  });

  it('numbers no pages for a single page, or where a list does not number them', () => {
    const { rerender } = renderPager({ page: 1, total: 12, lastPage: 1, hasPageNumbers: true, onPageChange: vi.fn() });
    expect(screen.queryByRole('list')).toBeNull();
    rerender(<ListPager pageSize={SHIPMENTS_PAGE_SIZE} page={2} total={300} lastPage={8} onPageChange={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });
});

describe('pagerText', () => {
  it.each([
    [1, 300, '40/300'],
    [2, 300, '80/300'],
    [7, 300, '280/300'],
    [8, 300, '300/300'],
    [1, 12, '12/12'],
    [1, 40, '40/40'],
    [2, 41, '41/41'],
    [1, 0, '0/0'],
  ])('page %i of %i shipments reads %s', (page, total, text) => {
    expect(pagerText(page, total, SHIPMENTS_PAGE_SIZE)).toBe(text);
  });
});

describe('pageNumbersAround', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 8, [1, 2, null, 8]],
    [3, 8, [1, 2, 3, 4, null, 8]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [10, 10, [1, null, 9, 10]],
  ])('page %i of %i offers %j', (page, lastPage, numbers) => {
    expect(pageNumbersAround(page, lastPage)).toEqual(numbers);
  });
});
