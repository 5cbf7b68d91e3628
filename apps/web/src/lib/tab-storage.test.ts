import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from './session.ts';
import { forgetTabItems, readTabItem, writeTabItem } from './tab-storage.ts';

const signIn = (token: string) =>
  saveSession({ token, name: 'Dana Whitfield', role: 3, primary: 'Dana Whitfield', company_primary_contact: '' });

afterEach(() => {
  clearSession();
  window.sessionStorage.clear();
});

describe("the lists' kept state in the tab", () => {
  it('keeps it for the sign-in that kept it', () => {
    signIn('first-token');
    writeTabItem('globalFilter', 'DMI-41258');
    expect(readTabItem('globalFilter')).toBe('DMI-41258');
    signIn('first-token');
    expect(readTabItem('globalFilter')).toBe('DMI-41258');
  });

  it('forgets it once the tab holds another sign-in, without keeping the token itself', () => {
    signIn('first-token');
    writeTabItem('globalFilter', 'DMI-41258');
    writeTabItem('accountFilter', '40001');
    clearSession();
    signIn('second-token');
    expect(readTabItem('globalFilter')).toBeNull();
    expect(readTabItem('accountFilter')).toBeNull();
    writeTabItem('statusFilter', 'released');
    expect(readTabItem('statusFilter')).toBe('released');
    const stored = Object.keys(window.sessionStorage).map((key) => window.sessionStorage.getItem(key));
    expect(stored.some((value) => value?.includes('token'))).toBe(false);
  });

  it('gives state kept before any sign-in was noted to the first one', () => {
    window.sessionStorage.setItem('globalFilter', 'MSC');
    signIn('first-token');
    expect(readTabItem('globalFilter')).toBe('MSC');
  });

  it('forgets everything on request', () => {
    signIn('first-token');
    writeTabItem('globalFilter', 'DMI-41258');
    forgetTabItems();
    expect(readTabItem('globalFilter')).toBeNull();
  });
});
