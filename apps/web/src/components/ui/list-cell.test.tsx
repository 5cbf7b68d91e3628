import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXTS } from '@clearport/contract/texts';
import { ListCell } from './list-cell.tsx';

const values = (container: HTMLElement) =>
  within(container)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('ListCell', () => {
  it('shows the empty text when there is no value', () => {
    render(<ListCell values={[]} emptyText={TEXTS.noContainers} />);
    expect(screen.getByText('No containers info provided')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows up to two values without a button', () => {
    const { container } = render(<ListCell values={['MSCU1234567', 'MSCU7654321']} emptyText="" />);
    expect(values(container)).toEqual(['MSCU1234567', 'MSCU7654321']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the first two and +N, which expands the rest and then closes them again', async () => {
    const user = userEvent.setup();
    const { container } = render(<ListCell values={['A1', 'B2', 'C3', 'D4', 'E5']} emptyText="" />);
    expect(values(container)).toEqual(['A1', 'B2']);

    const toggle = screen.getByRole('button', { name: '+3 more' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(values(container)).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Show less');
    expect(document.activeElement).toBe(toggle);

    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(values(container)).toEqual(['A1', 'B2']);
    expect(screen.getByRole('button', { name: '+3 more' }).getAttribute('aria-expanded')).toBe('false');
  });
});
