import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShipmentsPager } from './shipments-pager.tsx';

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('ShipmentsPager', () => {
  it('shows shown/total and moves a page back or forth', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<ShipmentsPager page={2} total={300} lastPage={8} onPageChange={onPageChange} />);
    expect(screen.getByText('80/300')).toBeTruthy();
    await user.click(button('Previous'));
    await user.click(button('Next'));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('has no Previous on the first page and no Next on the last', () => {
    const { rerender } = render(<ShipmentsPager page={1} total={300} lastPage={8} onPageChange={vi.fn()} />);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    rerender(<ShipmentsPager page={8} total={300} lastPage={8} onPageChange={vi.fn()} />);
    expect(screen.getByText('300/300')).toBeTruthy();
    expect(button('Previous').disabled).toBe(false);
    expect(button('Next').disabled).toBe(true);
  });

  it('shows no count and no Next while the first page loads', () => {
    render(<ShipmentsPager page={1} total={undefined} lastPage={undefined} onPageChange={vi.fn()} />);
    expect(button('Next').disabled).toBe(true);
    expect(screen.queryByText(/\//)).toBeNull();
  });
});
