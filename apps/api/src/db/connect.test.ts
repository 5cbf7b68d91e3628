import { describe, expect, it } from 'vitest';
import { parseTextArray } from './pg-driver.ts';

describe('text[] from pg', () => {
  it('reads plain elements, quoted ones and NULL as PostgreSQL writes them', () => {
    expect(parseTextArray('{}')).toEqual([]);
    expect(parseTextArray('{MSCU1234567}')).toEqual(['MSCU1234567']);
    expect(parseTextArray('{MSCU1234567,MEDU7654321,180-77996866}')).toEqual([
      'MSCU1234567',
      'MEDU7654321',
      '180-77996866',
    ]);
    expect(parseTextArray('{NULL,a}')).toEqual([null, 'a']);
    expect(parseTextArray('{"NULL",a}')).toEqual(['NULL', 'a']);
    expect(parseTextArray('{"a b","c,d","e\\"f","g\\\\h",""}')).toEqual(['a b', 'c,d', 'e"f', 'g\\h', '']);
    expect(parseTextArray('{{a,b},{c,d}}')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
