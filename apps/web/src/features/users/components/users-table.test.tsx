import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subuser } from '@clearport/contract/subusers';
import { SUBUSER } from '../../../testing/subusers-data.ts';
import { mockMatchMedia, renderWithProviders } from '../../../testing/test-utils.tsx';
import { USERS_LIST } from '../utils/users-list.ts';
import { UsersTable } from './users-table.tsx';

const PRIMARY: Subuser = {
  ...SUBUSER,
  id: 1,
  name: 'Maria Delgado',
  email: 'primary@demo.test',
  role: 3,
  linked_accounts: ['40001', '40002', '40003'],
  linked_users: [7],
  account_no: '40001, 40002, 40003',
};
const UNLINKED: Subuser = { ...SUBUSER, id: 8, name: 'Una Linked', linked_accounts: [], account_no: '' };

function renderTable(users: Subuser[], state: { isError?: boolean; onRetry?: () => void } = {}) {
  return renderWithProviders(
    <UsersTable
      users={users}
      sort={USERS_LIST.read().sort}
      onSortChange={() => {}}
      isLoading={false}
      isRefreshing={false}
      {...state}
    />,
    { path: '/users', url: '/users' },
  );
}

const cardsOf = () => {
  const list = screen.getByRole('list', { name: 'Users' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
};

describe('UsersTable', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists a primary user by account number without a link, the name under it, a sub-user by name with a link to the editor', () => {
    renderTable([PRIMARY, SUBUSER, UNLINKED]);
    const [primary, subuser, unlinked] = within(screen.getByRole('table', { name: 'Users' }))
      .getAllByRole('row')
      .slice(1);
    const primaryCells = within(primary!).getAllByRole('cell');
    expect(primaryCells.map((cell) => cell.textContent)).toEqual([
      '40001, 40002, 40003Maria Delgado',
      'primary@demo.test',
      'Primary',
      '40001, 40002, 40003',
    ]);
    expect(within(primary!).queryByRole('link')).toBeNull();
    expect(within(primaryCells[0]!).getByText('Maria Delgado')).toBeTruthy();
    expect(within(subuser!).getByRole('link', { name: 'Tom Becker' }).getAttribute('href')).toBe('/users/7');
    expect(within(unlinked!).getAllByRole('cell')[3]!.textContent).toBe('None');
  });

  it('shows No users found for an empty page, and after a failure the generic error with a retry instead', async () => {
    const { unmount } = renderTable([]);
    expect(screen.getByText('No users found')).toBeTruthy();
    unmount();
    const onRetry = vi.fn();
    renderTable([], { isError: true, onRetry });
    expect(screen.getByText('Something went wrong. Please, try again in a few minutes!')).toBeTruthy();
    expect(screen.queryByText('No users found')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('below 600 px shows each user as a card: name and position, then e-mail and linked accounts', () => {
    mockMatchMedia(true);
    renderTable([PRIMARY, SUBUSER, UNLINKED]);
    expect(screen.queryByRole('table')).toBeNull();
    const [primary, subuser, unlinked] = cardsOf();
    expect(within(primary!).queryByRole('link')).toBeNull();
    expect(primary!.textContent).toContain('Primary');
    expect(within(subuser!).getByRole('link').textContent).toBe('Tom Becker');
    expect(subuser!.textContent).toContain('Shipments Info');
    expect(
      within(subuser!)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['E-mail', 'Linked accounts']);
    expect(
      within(subuser!)
        .getAllByRole('definition')
        .map((definition) => definition.textContent),
    ).toEqual(['viewer@demo.test', '40001, 40002']);
    expect(within(unlinked!).getAllByRole('definition')[1]!.textContent).toBe('None');
  });
});
