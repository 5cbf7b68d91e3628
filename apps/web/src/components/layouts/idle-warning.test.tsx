import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteSessionUse } from '../../lib/session-activity.ts';
import { IdleWarning } from './idle-warning.tsx';

const MINUTE = 60_000;

describe('the idle warning', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 10, 27, 9, 0) });
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns a minute before the server may end the session, and a call made to stay moves it on', async () => {
    noteSessionUse();
    // The call that stays uses the session, as any answered call does (api-client).
    const onStay = vi.fn(async () => noteSessionUse());
    render(
      <main>
        <label>
          Note <input defaultValue="unsaved words" />
        </label>
        <IdleWarning idleMinutes={30} onStay={onStay} />
      </main>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    // The server notes a use at most once a minute: it may end the session 29 minutes after the
    // last call, so the warning comes at 28.
    act(() => vi.advanceTimersByTime(28 * MINUTE - 1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
    expect(dialog.textContent).toContain('You will be signed out in 1 minute');
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay signed in' }));

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await act(async () => {});
    expect(onStay).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page's work is as it was.
    expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('unsaved words');

    act(() => vi.advanceTimersByTime(27 * MINUTE));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1 * MINUTE));
    expect(screen.getByRole('dialog', { name: 'Are you still there?' })).toBeTruthy();
  });

  it('counts the calls of the other tabs, and says so once the session has ended', () => {
    noteSessionUse();
    render(<IdleWarning idleMinutes={30} onStay={vi.fn(async () => {})} />);
    act(() => vi.advanceTimersByTime(20 * MINUTE));
    // Another tab's call, told through localStorage.
    act(() => {
      window.localStorage.setItem('sessionLastUsedAt', String(Date.now()));
      window.dispatchEvent(new StorageEvent('storage', { key: 'sessionLastUsedAt' }));
    });
    act(() => vi.advanceTimersByTime(27 * MINUTE));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1 * MINUTE));
    expect(screen.getByRole('dialog').textContent).toContain('You will be signed out in 1 minute');
    act(() => vi.advanceTimersByTime(1 * MINUTE));
    const ended = screen.getByRole('dialog', { name: 'You have been signed out' });
    expect(ended.textContent).toContain('your next step asks you to log in again');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays quiet until the idle limit is known', () => {
    noteSessionUse();
    render(<IdleWarning idleMinutes={undefined} onStay={vi.fn(async () => {})} />);
    act(() => vi.advanceTimersByTime(60 * MINUTE));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
