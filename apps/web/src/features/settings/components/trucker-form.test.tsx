import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@clearport/contract/texts';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { trucker } from '../../../testing/shipment-detail-data.ts';
import { bodiesSentTo, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { TruckerForm } from './trucker-form.tsx';

describe('TruckerForm', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('saves a trucker outside a dialog, where it offers no Cancel', async () => {
    const user = userEvent.setup();
    const created = trucker(15, 'Seaside Haulers');
    const fetchMock = mockApi({ '/user/trucker/save': { body: { truckers: [created] } } });
    const onCreated = vi.fn();
    renderWithProviders(<TruckerForm onCreated={onCreated} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Trucker name' }), 'Seaside Haulers');
    await user.type(screen.getByRole('textbox', { name: 'Contact 1' }), 'dispatch@seaside.test');
    await user.click(screen.getByRole('button', { name: 'Create Trucker' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(bodiesSentTo(fetchMock, '/user/trucker/save')).toEqual([
      { truckers: [{ name: 'Seaside Haulers', email: 'dispatch@seaside.test', cc_emails: [] }] },
    ]);
  });

  it('shows Cannot be empty under a missing name and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderWithProviders(<TruckerForm onCreated={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create Trucker' }));
    expect(await screen.findAllByText('Cannot be empty')).not.toHaveLength(0);
    expect(bodiesSentTo(fetchMock, '/user/trucker/save')).toEqual([]);
    // A name typed in is no longer missing: its message goes, and the field is no longer marked.
    const name = screen.getByRole('textbox', { name: 'Trucker name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.type(name, 'Seaside Haulers');
    expect(screen.queryByText('Cannot be empty')).toBeNull();
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('removes any contact, not only the last, keeping what the others hold', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ '/user/trucker/save': { body: { truckers: [trucker(16, 'Pier Nine')] } } });
    renderWithProviders(<TruckerForm onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Trucker name' }), 'Pier Nine');
    await user.type(screen.getByRole('textbox', { name: 'Contact 1' }), 'one@pier.test');
    for (const [number, address] of [
      ['2', 'two@pier.test'],
      ['3', 'three@pier.test'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: 'Add contact' }));
      await user.type(screen.getByRole('textbox', { name: `Contact ${number}` }), address);
    }
    await user.click(screen.getByRole('button', { name: 'Remove contact 2' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Contact 2' }).value).toBe('three@pier.test');
    await user.click(screen.getByRole('button', { name: 'Remove contact 1' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Contact 1' }).value).toBe('three@pier.test');
    expect(screen.queryByRole('button', { name: /^Remove contact/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Trucker' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/user/trucker/save')).toEqual([
        { truckers: [{ name: 'Pier Nine', email: 'three@pier.test', cc_emails: [] }] },
      ]),
    );
  });

  it('on a page, asks before leaving with a name typed, and not once the trucker is created and the form empty again', async () => {
    const user = userEvent.setup();
    mockApi({ '/user/trucker/save': { body: { truckers: [trucker(17, 'Harbor Link')] } } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderWithProviders(
      <TruckerForm onCreated={vi.fn()} leaveQuestion={TEXTS.settingsUnsavedChanges} />,
      { path: '/settings', url: '/settings' },
    );
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Trucker name' });
    await user.type(name, 'Harbor Link');
    await act(() => router.navigate('/'));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(TEXTS.settingsUnsavedChanges);
    expect(router.state.location.pathname).toBe('/settings');

    await user.click(screen.getByRole('button', { name: 'Create Trucker' }));
    await waitFor(() => expect(name.value).toBe(''));
    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/');
    expect(confirm).toHaveBeenCalledOnce();
  });

  it('in a dialog, leaves the question to the page', async () => {
    const user = userEvent.setup();
    mockApi({});
    const confirm = vi.spyOn(window, 'confirm');
    const { router } = renderWithProviders(<TruckerForm onCreated={vi.fn()} onCancel={vi.fn()} />, {
      path: '/shipments/1',
      url: '/shipments/1',
    });
    await user.type(screen.getByRole('textbox', { name: 'Trucker name' }), 'Harbor Link');
    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/');
    expect(confirm).not.toHaveBeenCalled();
  });
});
