import { describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { clearSession, hasSession, readSession, saveLinkSession, saveSession } from './session.ts';

const LOGIN = {
  token: 'session-token',
  name: 'Dana Whitfield',
  role: 5,
  primary: 'Priya Raman',
  company_primary_contact: 'Priya Raman',
};

describe('session cookies', () => {
  it('stores token, name, role and primary for one day, same-site strict', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveSession(LOGIN);
    expect(set.mock.calls.map(([name, value]) => [name, value])).toEqual([
      ['token', 'session-token'],
      ['name', 'Dana Whitfield'],
      ['role', '5'],
      ['primary', 'Priya Raman'],
    ]);
    for (const call of set.mock.calls) {
      expect(call[2]).toEqual({ expires: 1, path: '/', sameSite: 'strict', secure: false });
    }
    expect(readSession()).toEqual({
      token: 'session-token',
      name: 'Dana Whitfield',
      role: 5,
      primaryContact: 'Priya Raman',
    });
    expect(hasSession()).toBe(true);
  });

  it('reads the company primary contact when primary is empty', () => {
    saveSession({ ...LOGIN, primary: '' });
    expect(readSession()?.primaryContact).toBe('Priya Raman');
  });

  it('has no session without a token', () => {
    Cookies.set('name', 'Dana');
    expect(readSession()).toBeNull();
    expect(hasSession()).toBe(false);
  });

  it('clears every session cookie', () => {
    saveSession(LOGIN);
    clearSession();
    expect(Cookies.get()).toEqual({});
  });

  it("keeps the token and names of a broker's link, replacing a stored session", () => {
    saveSession(LOGIN);
    saveLinkSession(new URLSearchParams('token_user=link-token&name_user=Sam%20Ortiz&primary=Maria%20Delgado'));
    expect(readSession()).toEqual({
      token: 'link-token',
      name: 'Sam Ortiz',
      role: null,
      primaryContact: 'Maria Delgado',
    });
  });

  it('keeps nothing from a link without a token', () => {
    saveSession(LOGIN);
    saveLinkSession(new URLSearchParams('name_user=Sam%20Ortiz'));
    expect(readSession()?.token).toBe('session-token');
  });
});
