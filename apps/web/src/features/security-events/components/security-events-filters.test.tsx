import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SecurityEventsFilters } from './security-events-filters.tsx';

const noFilters = { userId: '', kind: '', from: '', to: '' } as const;

describe('SecurityEventsFilters', () => {
  it('says which days it shows when From and To are typed the wrong way round, and nothing otherwise', () => {
    const { rerender } = render(
      <SecurityEventsFilters
        filters={{ ...noFilters, from: '2026-12-01', to: '2026-12-10' }}
        users={[]}
        onChange={vi.fn()}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    rerender(
      <SecurityEventsFilters
        filters={{ ...noFilters, from: '2026-12-10', to: '2026-12-01' }}
        users={[]}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Showing 12/01/2026 to 12/10/2026: the days were typed the wrong way round.',
    );
  });
});
