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

/** The server's answer to a broker's link's exchange. */
const LINK_LOGIN = {
  token: 'link-request-token',
  name: 'Sam Ortiz (server)',
  role: 11,
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

  it("keeps a broker's link as a login: the exchange's request token and role, the link's names", () => {
    saveLinkSession(new URLSearchParams('name_user=Sam%20Ortiz&primary=Maria%20Delgado'), LINK_LOGIN);
    expect(readSession()).toEqual({
      token: 'link-request-token',
      name: 'Sam Ortiz',
      role: 11,
      primaryContact: 'Maria Delgado',
    });
  });

  it('names the user of a link without names as the server does', () => {
    saveLinkSession(new URLSearchParams(''), LINK_LOGIN);
    expect(readSession()).toEqual({
      token: 'link-request-token',
      name: 'Sam Ortiz (server)',
      role: 11,
      primaryContact: 'Priya Raman',
    });
  });
});
