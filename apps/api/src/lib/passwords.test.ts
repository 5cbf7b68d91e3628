import { describe, expect, it } from 'vitest';
import { hashCostOf, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it("cost OWASP's 2^17 unless PASSWORD_HASH_COST says otherwise", () => {
    expect(hashCostOf({})).toBe(2 ** 17);
    expect(hashCostOf({ PASSWORD_HASH_COST: '12' })).toBe(2 ** 12);
    for (const wrong of ['9', '21', '', '17.5', '1e1', 'x']) {
      expect(() => hashCostOf({ PASSWORD_HASH_COST: wrong })).toThrow(/PASSWORD_HASH_COST/);
    }
  });

  it('keep the cost they were made with, so a lowered or raised cost still verifies older hashes', async () => {
    const before = process.env.PASSWORD_HASH_COST;
    try {
      process.env.PASSWORD_HASH_COST = '11';
      const cheap = await hashPassword('harbour-crane');
      expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 11), '8', '1']);
      process.env.PASSWORD_HASH_COST = '13';
      expect(await verifyPassword('harbour-crane', cheap)).toBe(true);
      expect(await verifyPassword('harbour-crane!', cheap)).toBe(false);
      expect((await hashPassword('harbour-crane')).split('$')[1]).toBe(String(2 ** 13));
    } finally {
      if (before === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = before;
    }
  });
});
