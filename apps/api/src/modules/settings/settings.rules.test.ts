import { describe, expect, it } from 'vitest';
import { isEmailChange, leftOut, needsCurrentPassword, removalOf, unknownEntry } from './settings.rules.ts';

describe('removalOf', () => {
  it('refuses while an unsent order names it, whatever the sent ones', () => {
    expect(removalOf({ unsentOrders: 1, sentOrders: 0 })).toBe('refuse');
    expect(removalOf({ unsentOrders: 2, sentOrders: 3 })).toBe('refuse');
  });
  it('keeps one named only by sent orders as deleted, and removes one never used', () => {
    expect(removalOf({ unsentOrders: 0, sentOrders: 1 })).toBe('markDeleted');
    expect(removalOf({ unsentOrders: 0, sentOrders: 0 })).toBe('remove');
  });
});

describe('leftOut and unknownEntry', () => {
  it('finds the company’s ids the list leaves out; new entries keep nothing', () => {
    expect(leftOut([1, 2, 3], [{ id: 2 }, {}])).toEqual([1, 3]);
    expect(leftOut([1], [{ id: 1 }])).toEqual([]);
  });
  it('finds the first id that is not the company’s', () => {
    expect(unknownEntry([{}, { id: 4 }, { id: 9 }], [4])).toBe(2);
    expect(unknownEntry([{ id: 4 }, {}], [4])).toBe(-1);
  });
});

describe('needsCurrentPassword', () => {
  it('asks for it when the e-mail or the password changes', () => {
    expect(needsCurrentPassword('a@x.test', { email: 'b@x.test' })).toBe(true);
    expect(needsCurrentPassword('a@x.test', { password: 'new-secret' })).toBe(true);
  });
  it('does not when the e-mail is the same but for case, or absent', () => {
    expect(needsCurrentPassword('a@x.test', { email: 'A@X.test' })).toBe(false);
    expect(needsCurrentPassword('a@x.test', {})).toBe(false);
    expect(isEmailChange('a@x.test', undefined)).toBe(false);
  });
});
