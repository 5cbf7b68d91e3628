import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { SettingsResponse } from '@clearport/contract/settings';
import { trucker, warehouse } from '../../../testing/shipment-detail-data.ts';
import { bodiesSentTo, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { SettingsEditor } from './settings-editor.tsx';

const empty = { email: '', cc_emails: [] };
const user: SettingsResponse['user'] = {
  id: 7,
  email: 'me@demo.test',
  accounts: [
    { account_no: '40001', name: 'Demo Imports East' },
    { account_no: '40002', name: '' },
  ],
  document_emails: empty,
  _7501_emails: { email: 'review@demo.test', cc_emails: ['a@demo.test'] },
  invoice_emails: empty,
  delivery_order_mails: empty,
  truckers: [trucker(3, 'Harbor Express', { trucker_emails: [{ email: 'go@harbor.test', cc_emails: [] }] })],
  warehouses: [warehouse(5, 'Carson')],
};

describe('SettingsEditor', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('shows the account names, read-only, with their numbers', () => {
    mockApi({});
    renderWithProviders(<SettingsEditor user={user} />);
    const names = screen.getByLabelText<HTMLInputElement>('Account names');
    expect(names.value).toBe('Demo Imports East (40001), 40002');
    expect(names.readOnly).toBe(true);
  });

  it('asks for the current password only once the e-mail or password changes', async () => {
    const events = userEvent.setup();
    mockApi({});
    renderWithProviders(<SettingsEditor user={user} />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await events.type(screen.getByLabelText('New password'), 'secret-2');
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    await events.clear(screen.getByLabelText('New password'));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await events.clear(screen.getByLabelText('Account email'));
    await events.type(screen.getByLabelText('Account email'), 'ME@demo.test');
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('refuses an existing trucker without a name with the spec’s text alone, and sends nothing', async () => {
    const events = userEvent.setup();
    const fetchMock = mockApi({});
    renderWithProviders(<SettingsEditor user={user} />);
    await events.clear(screen.getByRole('textbox', { name: 'Name of Harbor Express' }));
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot be empty')).toBeTruthy();
    expect(screen.queryByText(/truckers\.0/)).toBeNull();
    expect(bodiesSentTo(fetchMock, '/user/settings/save')).toEqual([]);
  });

  it('sends the four lists and the whole lists, leaving out a trucker marked for deletion', async () => {
    const events = userEvent.setup();
    const fetchMock = mockApi({
      '/user/settings/save': {
        body: { truckers: [], warehouses: [warehouse(5, 'Carson')], messages: ['Settings saved.'] },
      },
    });
    renderWithProviders(<SettingsEditor user={user} />);
    const list = screen.getByRole('group', { name: '7501 e-mails' });
    expect(within(list).getByText('1/10 CC')).toBeTruthy();
    await events.type(within(list).getByLabelText('New CC for 7501'), 'b@demo.test{Enter}');
    expect(within(list).getByText('2/10 CC')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Delete Harbor Express' }));
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/settings/save')).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, '/user/settings/save')[0]).toEqual({
      user_emails: [
        { table_number: 0, ...empty },
        { table_number: 2, email: 'review@demo.test', cc_emails: ['a@demo.test', 'b@demo.test'] },
        { table_number: 1, ...empty },
        { table_number: 3, ...empty },
      ],
      truckers: [],
      warehouses: [
        {
          id: 5,
          name: 'Carson',
          phone: '',
          address: '',
          city: 'Carson',
          state: 'CA',
          zip: '90810',
          status: 1,
          emails: [{ name: '', email: '' }],
        },
      ],
    });
  });

  it('shows a new password’s refusal under the password field', async () => {
    const events = userEvent.setup();
    const message = 'This password is too common or has appeared in a data breach. Choose another one.';
    mockApi({ '/user/settings/save': { status: 400, body: { message, field: 'password', errors: [message] } } });
    renderWithProviders(<SettingsEditor user={user} />);
    await events.type(screen.getByLabelText('New password'), 'qwerty123');
    await events.type(screen.getByLabelText('Current password'), 'portal-demo');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(password.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe(message);
  });
});
