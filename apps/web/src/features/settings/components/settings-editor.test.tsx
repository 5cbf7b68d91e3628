import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { SETTINGS_ERRORS, settingsRevision, type SettingsResponse } from '@clearport/contract/settings';
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

/** The text of the elements that describe `element` (aria-describedby). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('SettingsEditor', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('shows the account names, read-only, with their numbers', () => {
    mockApi({});
    renderWithProviders(<SettingsEditor user={user} />);
    const names = screen.getByLabelText<HTMLTextAreaElement>('Account names');
    // One a line, each whole however narrow the screen.
    expect(names.value).toBe('Demo Imports East (40001)\n40002');
    expect(names.rows).toBe(2);
    expect(names.readOnly).toBe(true);
  });

  it('says a list with copies and no recipient receives nothing until it has one', () => {
    mockApi({});
    renderWithProviders(
      <SettingsEditor user={{ ...user, document_emails: { email: '', cc_emails: ['copy@demo.test'] } }} />,
    );
    const hint = 'Copies go with the recipient’s e-mail: add a recipient, or this list receives nothing.';
    expect(descriptionOf(screen.getByLabelText('Documents recipient'))).toBe(hint);
    // A list with its recipient, or with nobody at all, needs no word.
    expect(screen.getAllByText(hint)).toHaveLength(1);
  });

  it('fades the New Warehouse form and holds its header while the settings are read again', () => {
    mockApi({});
    const buttons = () => ({
      header: screen.getByRole<HTMLButtonElement>('button', { name: 'New Warehouse' }),
      create: screen.getByRole<HTMLButtonElement>('button', { name: 'Create Warehouse' }),
    });
    const refreshing = renderWithProviders(<SettingsEditor user={user} isRefreshing />);
    expect(buttons().header.disabled).toBe(true);
    expect(buttons().header.closest('[data-disabled]')).not.toBeNull();
    expect(buttons().create.disabled).toBe(true);
    refreshing.unmount();
    renderWithProviders(<SettingsEditor user={user} />);
    expect(buttons().header.disabled).toBe(false);
    expect(buttons().create.disabled).toBe(false);
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
    const name = within(screen.getByRole('group', { name: 'Harbor Express' })).getByRole('textbox', { name: 'Name' });
    await events.clear(name);
    await events.click(screen.getByRole('button', { name: 'Save' }));
    // At the field: marked, described by the message, and focused.
    expect(await screen.findByText('Cannot be empty')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).toBe('Cannot be empty');
    expect(document.activeElement).toBe(name);
    expect(screen.getByRole('alert').textContent).toBe('One field needs your attention; it is marked above.');
    expect(screen.queryByText(/truckers\.0/)).toBeNull();
    expect(bodiesSentTo(fetchMock, '/user/settings/save')).toEqual([]);
    // Typing there takes the mark away.
    await events.type(name, 'Harbor');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('puts the server’s refusal of the current password at that field', async () => {
    const events = userEvent.setup();
    mockApi({
      '/user/settings/save': {
        status: 400,
        body: {
          message: 'The current password is not correct.',
          field: 'current_password',
          errors: ['The current password is not correct.'],
        },
      },
    });
    renderWithProviders(<SettingsEditor user={user} />);
    await events.type(screen.getByLabelText('New password'), 'secret-22');
    await events.type(screen.getByLabelText('Current password'), 'wrong-one');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(current)).toBe('The current password is not correct.');
    expect(document.activeElement).toBe(current);
  });

  it('places a trucker CC refusal of the server at that trucker, counted among those sent', async () => {
    const events = userEvent.setup();
    const withTwo = {
      ...user,
      truckers: [
        trucker(3, 'Harbor Express', { trucker_emails: [{ email: 'go@harbor.test', cc_emails: [] }] }),
        trucker(4, 'Pier Nine', { trucker_emails: [{ email: 'go@pier.test', cc_emails: [] }] }),
      ],
    };
    mockApi({
      '/user/settings/save': {
        status: 400,
        body: {
          message: 'Maximum 10 emails per trucker.',
          field: 'truckers.1.cc_emails',
          errors: ['Maximum 10 emails per trucker.'],
        },
      },
    });
    renderWithProviders(<SettingsEditor user={withTwo} />);
    await events.click(screen.getByRole('button', { name: 'Save' }));
    const pier = screen.getByRole('group', { name: 'Pier Nine' });
    await waitFor(() => expect(within(pier).getByText('Maximum 10 emails per trucker.')).toBeTruthy());
    expect(within(pier).getByRole('textbox', { name: 'New CC for Pier Nine' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(within(screen.getByRole('group', { name: 'Harbor Express' })).queryByText(/Maximum/)).toBeNull();
  });

  it('shows role 5 the company’s lists read-only and sends them back unchanged, with no trucker or warehouse list', async () => {
    const events = userEvent.setup();
    const fetchMock = mockApi({
      '/user/settings/save': { body: { truckers: [], warehouses: [], messages: ['Settings saved.'] } },
    });
    renderWithProviders(<SettingsEditor user={user} canEditLists={false} />);
    const list = screen.getByRole('group', { name: '7501 e-mails' });
    expect(within(list).getByRole<HTMLInputElement>('textbox', { name: '7501 recipient' }).readOnly).toBe(true);
    expect(within(list).queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(within(list).queryByLabelText('New CC for 7501')).toBeNull();
    const harbor = screen.getByRole('group', { name: 'Harbor Express' });
    expect(within(harbor).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete Harbor Express' })).toBeNull();
    // A trucker the delivery order needs can still be added.
    expect(screen.getByRole('button', { name: 'Create Trucker' })).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/settings/save')).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, '/user/settings/save')[0]).toEqual({
      revision: settingsRevision(user),
      user_emails: [
        { table_number: 0, ...empty },
        { table_number: 2, email: 'review@demo.test', cc_emails: ['a@demo.test'] },
        { table_number: 1, ...empty },
        { table_number: 3, ...empty },
      ],
    });
  });

  it('sends with its next save the revision of the lists as its save stored them', async () => {
    const events = userEvent.setup();
    const stored = { truckers: [], warehouses: [warehouse(5, 'Carson')] };
    const fetchMock = mockApi({ '/user/settings/save': { body: { ...stored, messages: ['Settings saved.'] } } });
    renderWithProviders(<SettingsEditor user={user} />);
    await events.type(screen.getByLabelText('New CC for 7501'), 'b@demo.test{Enter}');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/settings/save')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Save' });
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/settings/save')).toHaveLength(2));
    const lists = { ...user, _7501_emails: { email: 'review@demo.test', cc_emails: ['a@demo.test', 'b@demo.test'] } };
    expect((bodiesSentTo(fetchMock, '/user/settings/save')[1] as { revision: string }).revision).toBe(
      settingsRevision({ ...lists, ...stored }),
    );
  });

  it('says so when the lists changed elsewhere since it read them', async () => {
    const events = userEvent.setup();
    mockApi({
      '/user/settings/save': {
        status: 409,
        body: { message: SETTINGS_ERRORS.changedElsewhere, field: 'revision' },
      },
    });
    renderWithProviders(<SettingsEditor user={user} />);
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(SETTINGS_ERRORS.changedElsewhere)).length).toBeGreaterThan(0);
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
      revision: settingsRevision(user),
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

  it('redraws only the entry being edited, and after a save only those it changed, however many the company keeps', async () => {
    const events = userEvent.setup();
    const truckers = Array.from({ length: 6 }, (_, index) => trucker(100 + index, `Trucker ${index}`));
    const warehouses = Array.from({ length: 6 }, (_, index) => warehouse(200 + index, `Warehouse ${index}`));
    const renamed = truckers.map((each) => (each.id === 100 ? { ...each, name: 'Trucker 0 East' } : each));
    mockApi({ '/user/settings/save': { body: { truckers: renamed, warehouses, messages: ['Settings saved.'] } } });
    renderWithProviders(<SettingsEditor user={{ ...user, truckers, warehouses }} />);
    const edited = screen.getByRole('group', { name: 'Trucker 0' });
    const others = [...document.querySelectorAll('fieldset')].filter(
      (each) => each !== edited && /^(Trucker|Warehouse) \d+$/.test(each.querySelector('legend')?.textContent ?? ''),
    );
    expect(others).toHaveLength(11);
    const redrawn: MutationRecord[] = [];
    const changes = new MutationObserver((records) => redrawn.push(...records));
    for (const other of others)
      changes.observe(other, { attributes: true, childList: true, subtree: true, characterData: true });

    await events.type(within(edited).getByLabelText('Name'), ' East');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('group', { name: 'Trucker 0 East' });
    redrawn.push(...changes.takeRecords());
    changes.disconnect();
    expect(redrawn.map((record) => record.target.nodeName)).toEqual([]);
  });

  it('saves a warehouse with every contact it has, those after the first as they were', async () => {
    const events = userEvent.setup();
    const fetchMock = mockApi({
      '/user/settings/save': { body: { truckers: [], warehouses: [], messages: ['Settings saved.'] } },
    });
    const contacts = [
      { name: 'Luis Ortega', email: 'receiving@carson.test' },
      { name: 'Night dock', email: 'night@carson.test' },
      { name: 'Billing', email: 'ap@carson.test' },
    ];
    renderWithProviders(
      <SettingsEditor user={{ ...user, warehouses: [{ ...warehouse(5, 'Carson'), emails: contacts }] }} />,
    );
    const name = screen.getByDisplayValue('Luis Ortega');
    await events.clear(name);
    await events.type(name, 'Ana Ruiz');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/settings/save')).toHaveLength(1));
    const [sent] = bodiesSentTo(fetchMock, '/user/settings/save') as [{ warehouses: [{ emails: unknown }] }];
    expect(sent.warehouses[0].emails).toEqual([{ ...contacts[0], name: 'Ana Ruiz' }, contacts[1], contacts[2]]);
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
