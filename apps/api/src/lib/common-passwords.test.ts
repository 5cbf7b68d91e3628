import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@clearport/contract/constants';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it('knows the most common breached passwords, whatever their case', () => {
    for (const password of ['password', 'qwerty123', 'iloveyou', 'Password1', 'SUNSHINE', 'trustno1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets an uncommon password, the demo’s among them, through', () => {
    for (const password of [DEMO_PASSWORD, 'harbour-crane-42', 'correct horse battery staple', 'x9!vQ#2mLp']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('holds only passwords a schema would take: none shorter than the minimum length', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(isCommonPassword('12345')).toBe(false);
    expect(isCommonPassword('123456')).toBe(true);
  });
});
