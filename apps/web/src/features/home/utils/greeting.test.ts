import { describe, expect, it } from 'vitest';
import { greetingFor, greetingWithName } from './greeting.ts';

const at = (hour: number, minute = 0) => new Date(2025, 7, 1, hour, minute);

describe('greetingFor', () => {
  it.each([
    [0, 0, 'Good morning'],
    [6, 30, 'Good morning'],
    [11, 59, 'Good morning'],
    [12, 0, 'Good afternoon'],
    [17, 59, 'Good afternoon'],
    [18, 0, 'Good evening'],
    [23, 59, 'Good evening'],
  ])('greets at %i:%i with %s', (hour, minute, greeting) => {
    expect(greetingFor(at(hour, minute))).toBe(greeting);
  });
});

describe('greetingWithName', () => {
  it("follows the greeting with the user's name", () => {
    expect(greetingWithName('Dana Whitfield', at(9))).toBe('Good morning, Dana Whitfield');
  });

  it('says User when no name is known', () => {
    expect(greetingWithName(undefined, at(13))).toBe('Good afternoon, User');
    expect(greetingWithName('  ', at(20))).toBe('Good evening, User');
  });
});
