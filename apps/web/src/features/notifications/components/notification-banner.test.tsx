import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { NotificationBanner } from './notification-banner.tsx';

const NOTIFICATIONS = [
  { id: 2, message: 'ACE is down for maintenance on Saturday night.', created_at: '2026-11-20T04:22:42.885Z' },
  { id: 1, message: 'An older message.', created_at: '2026-11-01T04:22:42.885Z' },
];

describe('NotificationBanner', () => {
  it("shows the first notification's message until it is dismissed", async () => {
    const user = userEvent.setup();
    mockApi({ '/user/get_notification': { body: NOTIFICATIONS } });
    renderWithProviders(<NotificationBanner />);
    const banner = await screen.findByRole('region', { name: 'Notification' });
    expect(banner.textContent).toBe('ACE is down for maintenance on Saturday night.');
    expect(screen.queryByText('An older message.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
  });

  it('remembers the dismissed notification; a new one, or a new text, shows again', async () => {
    const user = userEvent.setup();
    mockApi({ '/user/get_notification': { body: NOTIFICATIONS } });
    const first = renderWithProviders(<NotificationBanner />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss notification' }));
    first.unmount();

    const fetchMock = mockApi({ '/user/get_notification': { body: NOTIFICATIONS } });
    const again = renderWithProviders(<NotificationBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    again.unmount();

    mockApi({ '/user/get_notification': { body: [{ ...NOTIFICATIONS[0]!, message: 'ACE is back up.' }] } });
    renderWithProviders(<NotificationBanner />);
    expect((await screen.findByRole('region', { name: 'Notification' })).textContent).toBe('ACE is back up.');
  });

  it('shows nothing without notifications', async () => {
    const fetchMock = mockApi({ '/user/get_notification': { body: [] } });
    renderWithProviders(<NotificationBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
  });

  it('only logs a failed fetch', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ '/user/get_notification': { status: 400, body: { message: 'Bad request' } } });
    renderWithProviders(<NotificationBanner />);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
