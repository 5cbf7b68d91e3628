import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import Cookies from 'js-cookie';
import { createQueryClient } from '../../../lib/query-client.ts';
import { loadPage } from '../../../lib/browser-location.ts';
import { forgetSessionEnded, notePageUser, noteSessionEnded } from '../../../lib/session-ended.ts';
import { PROFILE } from '../../../testing/shipments-data.ts';
import { mockApi } from '../../../testing/test-utils.tsx';
import { getProfileQueryOptions } from '../api/get-profile.ts';
import { SessionEndedDialog } from './session-ended-dialog.tsx';

vi.hoisted(() => vi.resetModules());
vi.mock('../../../lib/browser-location.ts', () => ({ loadPage: vi.fn() }));

function renderDialog() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(getProfileQueryOptions().queryKey, PROFILE);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionEndedDialog />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'You have been signed out' });

describe('SessionEndedDialog', () => {
  afterEach(() => {
    act(() => forgetSessionEnded());
  });

  it('says the input is kept, and goes once the same user has signed in again in another tab', async () => {
    const fetchMock = mockApi({ '/user/profile': { body: PROFILE } });
    renderDialog();
    expect(dialog()).toBeNull();
    act(() => noteSessionEnded());
    expect(dialog()?.textContent).toContain('What you typed is still on this page, not saved.');
    expect(screen.getByRole('button', { name: 'Sign in in a new tab' })).toBeTruthy();
    // No session yet: the page does not ask.
    fireEvent.focus(window);
    expect(fetchMock).not.toHaveBeenCalled();

    Cookies.set('token', 'signed-in-again');
    fireEvent.focus(window);
    expect(await screen.findByText('You are signed in again. Save what you typed when you are ready.')).toBeTruthy();
    expect(dialog()).toBeNull();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('reloads the portal when another user signed in meanwhile', async () => {
    mockApi({ '/user/profile': { body: { ...PROFILE, id: 2, email: 'user@demo.test' } } });
    renderDialog();
    act(() => noteSessionEnded());
    Cookies.set('token', 'someone-else');
    fireEvent.focus(window);
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
  });

  it('does not ask for the profile once another user has signed in: that is the other dialog’s to tell', () => {
    const fetchMock = mockApi({ '/user/profile': { body: PROFILE } });
    renderDialog();
    act(() => noteSessionEnded());
    notePageUser(PROFILE.id);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'signedInUserId', newValue: String(PROFILE.id + 1) }));
    });
    Cookies.set('token', 'someone-else');
    fireEvent.focus(window);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it('closes on Escape and opens again when the next call finds the session ended', () => {
    renderDialog();
    act(() => noteSessionEnded());
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    expect(dialog()).toBeNull();
    act(() => noteSessionEnded());
    expect(dialog()).not.toBeNull();
  });
});
