import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockMatchMedia, renderWithProviders } from '../../testing/test-utils.tsx';
import { MainLayout } from './main-layout.tsx';

function renderLayout(role: number | null, onLogout = vi.fn(), isLoggingOut = false) {
  renderWithProviders(
    <MainLayout role={role} onLogout={onLogout} isLoggingOut={isLoggingOut}>
      <p>Page content</p>
    </MainLayout>,
  );
  return { onLogout };
}

const navLinkNames = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('MainLayout navigation', () => {
  it.each([
    [3, ['Home', 'Shipments', 'Billing', 'Users', 'Reports', 'Settings']],
    [4, ['Home', 'Shipments', 'Billing', 'Users', 'Reports', 'Settings']],
    [5, ['Home', 'Shipments', 'Billing', 'Reports', 'Settings']],
    [11, ['Shipments']],
  ])('role %i sees %j', (role, names) => {
    renderLayout(role);
    expect(navLinkNames()).toEqual(names);
    expect(screen.getByText('Page content')).toBeTruthy();
  });

  it('links each item to its route', () => {
    renderLayout(3);
    const hrefs = Object.fromEntries(
      screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(hrefs).toMatchObject({
      Home: '/',
      Shipments: '/shipments',
      Billing: '/billing',
      Users: '/users',
      Reports: '/reports',
      Settings: '/settings',
    });
  });

  it('has a logout button', async () => {
    const { onLogout } = renderLayout(5);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('keeps the focus on Logout while it signs out, and takes no second click', async () => {
    const { onLogout } = renderLayout(5, vi.fn(), true);
    const logout = screen.getByRole('button', { name: 'Logout' });
    expect(logout.getAttribute('aria-disabled')).toBe('true');
    logout.focus();
    await userEvent.click(logout);
    expect(document.activeElement).toBe(logout);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('shows no More button in a wide window', () => {
    mockMatchMedia(false);
    renderLayout(3);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });
});

describe('MainLayout in a narrow window', () => {
  it('moves Users, Reports and Settings behind the More button', async () => {
    mockMatchMedia(true);
    renderLayout(3);
    expect(navLinkNames()).toEqual(['Home', 'Shipments', 'Billing']);
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(navLinkNames()).toEqual(['Home', 'Shipments', 'Billing', 'Users', 'Reports', 'Settings']);
    expect(document.activeElement?.textContent).toBe('Users');
  });

  it('closes with Escape and gives focus back to the More button', async () => {
    mockMatchMedia(true);
    renderLayout(3);
    const more = screen.getByRole('button', { name: 'More' });
    await userEvent.click(more);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Reports');

    await userEvent.keyboard('{Escape}');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it('closes on a click elsewhere', async () => {
    mockMatchMedia(true);
    renderLayout(3);
    const more = screen.getByRole('button', { name: 'More' });
    await userEvent.click(more);
    await userEvent.click(screen.getByText('Page content'));
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers role 5 only Reports and Settings under More', async () => {
    mockMatchMedia(true);
    renderLayout(5);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(navLinkNames()).toEqual(['Home', 'Shipments', 'Billing', 'Reports', 'Settings']);
  });

  it('has no More button for role 11', () => {
    mockMatchMedia(true);
    renderLayout(11);
    expect(navLinkNames()).toEqual(['Shipments']);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });
});
