import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { TEXTS } from '@clearport/contract/texts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { SettingsRoute } from './settings.tsx';

describe('SettingsRoute', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('says Failed to fetch user settings. when the server answers with an error', async () => {
    mockApi({ '/user/settings': { status: 500, body: { message: 'Something went wrong.' } } });
    renderWithProviders(<SettingsRoute />);
    expect(await screen.findByText(TEXTS.settingsFetchFailed, {}, { timeout: 8000 })).toBeTruthy();
  });

  it('says An error occurred while fetching user settings. when no answer comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<SettingsRoute />);
    expect(await screen.findByText(TEXTS.settingsFetchError, {}, { timeout: 8000 })).toBeTruthy();
  });
});
