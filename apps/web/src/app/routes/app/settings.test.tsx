import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { TEXTS } from '@clearport/contract/texts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { SettingsRoute } from './settings.tsx';

/** The settings are asked for three times, 1 s and then 2 s apart: a fake clock lets those waits pass at once. */
async function waitOutRetries(fetchMock: { mock: { calls: unknown[] } }) {
  await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0));
  await act(() => vi.advanceTimersByTimeAsync(3000));
}

describe('SettingsRoute', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('says Failed to fetch user settings. when the server answers with an error, and alerts once', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetchMock = mockApi({ '/user/settings': { status: 500, body: { message: 'Something went wrong.' } } });
    renderWithProviders(<SettingsRoute />);
    await waitOutRetries(fetchMock);
    expect(await screen.findByText(TEXTS.settingsFetchFailed)).toBeTruthy();
    expect(alert).toHaveBeenCalledExactlyOnceWith('Server not responding, please contact us');
  });

  it('says An error occurred while fetching user settings. when no answer comes, and alerts once', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SettingsRoute />);
    await waitOutRetries(fetchMock);
    expect(await screen.findByText(TEXTS.settingsFetchError)).toBeTruthy();
    expect(alert).toHaveBeenCalledExactlyOnceWith('Server not responding, please contact us');
  });
});
