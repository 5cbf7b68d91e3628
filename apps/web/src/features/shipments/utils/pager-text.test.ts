import { describe, expect, it } from 'vitest';
import { pagerText } from './pager-text.ts';

describe('pagerText', () => {
  it.each([
    [1, 300, '40/300'],
    [2, 300, '80/300'],
    [7, 300, '280/300'],
    [8, 300, '300/300'],
    [1, 12, '12/12'],
    [1, 40, '40/40'],
    [2, 41, '41/41'],
    [1, 0, '0/0'],
  ])('page %i of %i shipments reads %s', (page, total, text) => {
    expect(pagerText(page, total)).toBe(text);
  });
});
