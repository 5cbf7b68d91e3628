import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { EntryCell } from './entry-cell.tsx';

const LINK_STATE = { ids: [3, 1, 2], filters: { status: 'released' } };

function renderCell(documents: { type: string; submitted: boolean }[], hasDocumentTooltip = true) {
  const onOpen = vi.fn();
  const view = renderWithProviders(
    <EntryCell
      shipment={{ id: 7, file_number: 'DMI-4120007-1', documents_submitted: documents }}
      hasDocumentTooltip={hasDocumentTooltip}
      linkState={LINK_STATE}
      onOpen={onOpen}
    />,
    { path: '/shipments', url: '/shipments' },
  );
  return { ...view, onOpen };
}

describe('EntryCell', () => {
  it('links the entry number to the shipment, handing over the ids and the filters', async () => {
    const user = userEvent.setup();
    const { router, onOpen } = renderCell([]);
    await user.click(screen.getByRole('link', { name: 'DMI-4120007-1' }));
    expect(onOpen).toHaveBeenCalledWith(7, expect.anything());
    expect(router.state.location.pathname).toBe('/shipments/7');
    expect(router.state.location.state).toEqual(LINK_STATE);
  });

  it('has no icon when the shipment lists no documents', () => {
    renderCell([]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a red icon with the Missing types on focus and on hover', async () => {
    const user = userEvent.setup();
    renderCell([
      { type: 'Arrival Notice', submitted: true },
      { type: 'Commercial Invoice', submitted: false },
      { type: 'Packing Slip', submitted: false },
    ]);
    const icon = screen.getByRole('button', { name: 'Documents missing' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(icon);
    expect(screen.getByRole('tooltip').textContent).toBe('MissingCommercial InvoicePacking Slip');
    expect(icon.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.tab();
    await user.hover(icon);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await user.unhover(icon);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows a green icon when every document is submitted', async () => {
    const user = userEvent.setup();
    renderCell([{ type: 'Bill of Lading', submitted: true }]);
    await user.hover(screen.getByRole('button', { name: 'All documents submitted' }));
    expect(screen.getByRole('tooltip').textContent).toBe('All documents submitted');
  });

  it('has no icon for the per-document account', () => {
    renderCell([{ type: 'Bill of Lading', submitted: false }], false);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
