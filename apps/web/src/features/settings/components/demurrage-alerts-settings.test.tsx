import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { TEXTS } from '@clearport/contract/texts';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { DemurrageAlertsSettings } from './demurrage-alerts-settings.tsx';

const PATH = '/user/settings/demurrage-alerts';
const DEFAULT = { email: 'delivery@demo.test', cc_emails: [], reminder_days: 2, is_default: true };

describe('the demurrage and detention e-mails setting', () => {
  it("starts from the delivery list's recipient and saves the list with its working days", async () => {
    const fetchMock = mockApi({
      [PATH]: (_url, init) =>
        init?.method === 'PUT' ? { body: { ...JSON.parse(String(init.body)), is_default: false } } : { body: DEFAULT },
    });
    renderWithProviders(<DemurrageAlertsSettings />);
    expect(screen.getByRole('status').textContent).toBe('Loading the demurrage and detention e-mails...');
    const recipient = await screen.findByRole<HTMLInputElement>('textbox', {
      name: 'Demurrage and detention recipient',
    });
    expect(recipient.value).toBe('delivery@demo.test');
    expect(screen.getByText('Until you save this list, these e-mails go to the delivery order list.')).toBeTruthy();
    await userEvent.clear(recipient);
    await userEvent.type(recipient, 'yard@demo.test');
    const days = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Working days before the last free day' });
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save demurrage and detention e-mails' }));
    await screen.findByText('Demurrage and detention e-mails saved.');
    expect(bodiesSentTo(fetchMock, PATH).filter(Boolean)).toEqual([
      { email: 'yard@demo.test', cc_emails: [], reminder_days: 3 },
    ]);
  });

  it('shows a wrong number of days at the field, and the server’s refusal of the list under the list', async () => {
    mockApi({
      [PATH]: (_url, init) =>
        init?.method === 'PUT'
          ? {
              status: 400,
              body: {
                message: 'cc_emails: Maximum 10 CC emails per list.',
                field: 'cc_emails',
                errors: ['Maximum 10 CC emails per list.'],
              },
            }
          : { body: DEFAULT },
    });
    renderWithProviders(<DemurrageAlertsSettings />);
    const days = await screen.findByRole<HTMLInputElement>('spinbutton', {
      name: 'Working days before the last free day',
    });
    await userEvent.clear(days);
    await userEvent.type(days, '12');
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a whole number of working days from 0 to 10.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save demurrage and detention e-mails' });
    expect(save.matches(':disabled')).toBe(true);
    await userEvent.clear(days);
    await userEvent.type(days, '2');
    await userEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Maximum 10 CC emails per list.');
  });

  it('asks before leaving with a change not saved, and not once it is saved', async () => {
    mockApi({
      [PATH]: (_url, init) =>
        init?.method === 'PUT' ? { body: { ...JSON.parse(String(init.body)), is_default: false } } : { body: DEFAULT },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderWithProviders(<DemurrageAlertsSettings />, { path: '/settings', url: '/settings' });
    const days = await screen.findByRole<HTMLInputElement>('spinbutton', {
      name: 'Working days before the last free day',
    });
    await userEvent.clear(days);
    await userEvent.type(days, '4');
    await act(() => router.navigate('/'));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(TEXTS.settingsUnsavedChanges);
    expect(router.state.location.pathname).toBe('/settings');

    await userEvent.click(screen.getByRole('button', { name: 'Save demurrage and detention e-mails' }));
    await screen.findByText('Demurrage and detention e-mails saved.');
    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/');
    expect(confirm).toHaveBeenCalledOnce();
  });
});
