import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { TEXTS } from '@clearport/contract/texts';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { EntryApprovalRuleSettings } from './entry-approval-rule.tsx';

const PATH = '/user/settings/entry-approval';

describe('the 7501 approval setting', () => {
  it('saves the duty threshold a primary user or manager chooses', async () => {
    const fetchMock = mockApi({
      [PATH]: (_url, init) =>
        init?.method === 'PUT'
          ? { body: { rule: JSON.parse(String(init.body)), can_change: true } }
          : { body: { rule: { mode: 'none', threshold: null }, can_change: true } },
    });
    renderWithProviders(<EntryApprovalRuleSettings />);
    const group = await screen.findByRole('group', { name: /Which 7501s wait for your approval/ });
    const amount = within(group).getByRole<HTMLInputElement>('textbox', { name: 'Duty above (USD)' });
    expect(amount.matches(':disabled')).toBe(true);
    await userEvent.click(within(group).getByRole('radio', { name: 'Only 7501s with duty above an amount' }));
    await userEvent.type(amount, '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Save 7501 approval' }));
    await screen.findByText('7501 approval saved.');
    expect(bodiesSentTo(fetchMock, PATH).filter(Boolean)).toEqual([{ mode: 'above', threshold: '2000' }]);
  });

  it('shows the rule without a way to change it to the other roles', async () => {
    mockApi({ [PATH]: { body: { rule: { mode: 'all', threshold: null }, can_change: false } } });
    renderWithProviders(<EntryApprovalRuleSettings />);
    expect(await screen.findByText('Your primary user or a manager sets this.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Every 7501' }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'None' }).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save 7501 approval' })).toBeNull();
  });

  it('asks before leaving with another rule chosen and not saved, and not once it is saved', async () => {
    mockApi({
      [PATH]: (_url, init) =>
        init?.method === 'PUT'
          ? { body: { rule: JSON.parse(String(init.body)), can_change: true } }
          : { body: { rule: { mode: 'none', threshold: null }, can_change: true } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderWithProviders(<EntryApprovalRuleSettings />, { path: '/settings', url: '/settings' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Every 7501' }));
    await act(() => router.navigate('/'));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(TEXTS.settingsUnsavedChanges);
    expect(router.state.location.pathname).toBe('/settings');

    await userEvent.click(screen.getByRole('button', { name: 'Save 7501 approval' }));
    await screen.findByText('7501 approval saved.');
    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/');
    expect(confirm).toHaveBeenCalledOnce();
  });
});
