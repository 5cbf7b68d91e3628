import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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
  });
});
