import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { HomeRoute } from './home.tsx';

describe('Home', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("greets by the local hour with the name from the session's name cookie", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 7, 1, 15, 30) });
    Cookies.set('token', 'session-token');
    Cookies.set('name', 'Dana Whitfield');
    renderWithProviders(<HomeRoute />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Good afternoon, Dana Whitfield');
  });

  it('greets User when no name is stored', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 7, 1, 7, 0) });
    renderWithProviders(<HomeRoute />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Good morning, User');
  });
});
