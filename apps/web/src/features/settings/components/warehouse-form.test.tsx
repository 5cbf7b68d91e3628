import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@clearport/contract/texts';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { newWarehouseRow, warehouse } from '../../../testing/shipment-detail-data.ts';
import { bodiesSentTo, mockApi, renderRoutes, renderWithProviders } from '../../../testing/test-utils.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { WAREHOUSE_NOT_FOUND, type SettingsResponse } from '@clearport/contract/settings';
import { getSettingsQueryOptions } from '../api/get-settings.ts';
import { WarehouseForm } from './warehouse-form.tsx';

describe('WarehouseForm', () => {
  beforeEach(() => {
    Cookies.set('token', 'session-token');
  });

  it('saves the new warehouse before the existing ones and hands on the reply’s last', async () => {
    const user = userEvent.setup();
    const created = warehouse(30, 'Newark Cross-Dock');
    const fetchMock = mockApi({
      '/user/settings/save': { body: { truckers: [], warehouses: [warehouse(6, 'Carson'), created], messages: [] } },
    });
    const onCreated = vi.fn();
    renderWithProviders(<WarehouseForm existing={[{ id: 6 }]} isLoading={false} onCreated={onCreated} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Warehouse Name' }), 'Newark Cross-Dock');
    await user.click(screen.getByRole('button', { name: 'Create Warehouse' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(bodiesSentTo(fetchMock, '/user/settings/save')).toEqual([
      {
        warehouses: [newWarehouseRow('Newark Cross-Dock'), { id: 6 }],
      },
    ]);
  });

  it('creates nothing more when the form it just emptied is sent again untouched, as by a second Enter', async () => {
    const user = userEvent.setup();
    const created = warehouse(30, 'Newark Cross-Dock');
    const fetchMock = mockApi({
      '/user/settings/save': { body: { truckers: [], warehouses: [created], messages: [] } },
    });
    const onCreated = vi.fn();
    renderWithProviders(<WarehouseForm existing={[]} isLoading={false} onCreated={onCreated} />);
    const name = screen.getByRole('textbox', { name: 'Warehouse Name' });
    await user.type(name, 'Newark Cross-Dock{Enter}');
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    await user.type(name, '{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Warehouse' }));
    expect(bodiesSentTo(fetchMock, '/user/settings/save')).toHaveLength(1);
    // Typed into again, it creates the next one.
    await user.type(name, 'Carson Yard{Enter}');
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/user/settings/save')).toHaveLength(2));
  });

  it('reads the warehouses again when one it sent was deleted elsewhere, so that the next try goes', async () => {
    const user = userEvent.setup();
    mockApi({
      '/user/settings/save': {
        status: 400,
        body: { message: WAREHOUSE_NOT_FOUND, field: 'warehouses.1.id', errors: [WAREHOUSE_NOT_FOUND] },
      },
    });
    const queryClient = createQueryClient();
    const settingsKey = getSettingsQueryOptions().queryKey;
    queryClient.setQueryData(settingsKey, { user: { warehouses: [warehouse(6, 'Carson')] } } as SettingsResponse);
    renderRoutes(
      [{ path: '*', element: <WarehouseForm existing={[{ id: 6 }]} isLoading={false} onCreated={vi.fn()} /> }],
      '/',
      queryClient,
    );
    await user.type(screen.getByRole('textbox', { name: 'Warehouse Name' }), 'Newark Cross-Dock{Enter}');
    expect(await screen.findByText(TEXTS.warehouseCreateFailed)).toBeTruthy();
    expect(queryClient.getQueryState(settingsKey)?.isInvalidated).toBe(true);
  });

  it('names a field that holds a pasted tab and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ '/user/settings/save': { body: { truckers: [], warehouses: [], messages: [] } } });
    renderWithProviders(<WarehouseForm existing={[]} isLoading={false} onCreated={vi.fn()} />);
    await user.click(screen.getByRole('textbox', { name: 'Street Address' }));
    await user.paste('2250 E Dominguez St\tSuite 4');
    await user.click(screen.getByRole('button', { name: 'Create Warehouse' }));
    expect(await screen.findByText('Street Address: contains a control character')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/user/settings/save')).toEqual([]);
  });

  it('does not submit while the settings load', () => {
    mockApi({});
    renderWithProviders(<WarehouseForm existing={[]} isLoading onCreated={vi.fn()} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create Warehouse' }).disabled).toBe(true);
  });

  it('on a page, asks before leaving with a field filled, and not once the warehouse is created and the form empty again', async () => {
    const user = userEvent.setup();
    mockApi({
      '/user/settings/save': { body: { truckers: [], warehouses: [warehouse(31, 'Port Jersey')], messages: [] } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderWithProviders(
      <WarehouseForm
        existing={[]}
        isLoading={false}
        onCreated={vi.fn()}
        leaveQuestion={TEXTS.settingsUnsavedChanges}
      />,
      { path: '/settings', url: '/settings' },
    );
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Warehouse Name' });
    await user.type(name, 'Port Jersey');
    await act(() => router.navigate('/'));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(TEXTS.settingsUnsavedChanges);
    expect(router.state.location.pathname).toBe('/settings');

    await user.click(screen.getByRole('button', { name: 'Create Warehouse' }));
    await waitFor(() => expect(name.value).toBe(''));
    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/');
    expect(confirm).toHaveBeenCalledOnce();
  });
});
