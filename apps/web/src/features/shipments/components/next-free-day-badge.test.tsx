import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { NextFreeDayBadge } from './next-free-day-badge.tsx';

const TODAY = '2026-11-26';

function badge(day: string | null, kind: 'terminal' | 'detention' | null = day === null ? null : 'terminal') {
  const { container } = render(
    <NextFreeDayBadge shipment={{ next_free_day: day, next_free_day_kind: kind }} today={TODAY} />,
  );
  const element = container.querySelector('[data-urgency]');
  return {
    text: container.textContent,
    urgency: element?.getAttribute('data-urgency'),
    title: element?.getAttribute('title'),
  };
}

describe('NextFreeDayBadge', () => {
  it.each([
    ['2026-11-20', 'terminal', 'Demurrage · LFD 11/20/2026', 'charged'],
    ['2026-11-25', 'detention', 'Detention · LFD 11/25/2026', 'charged'],
    ['2026-11-26', 'terminal', 'Pick up today', 'due'],
    ['2026-11-26', 'detention', 'Return today', 'due'],
    ['2026-11-27', 'terminal', 'Pick up by 11/27/2026', 'due'],
    ['2026-11-29', 'detention', 'Return by 11/29/2026', 'due'],
    ['2026-11-30', 'terminal', 'LFD 11/30/2026', 'later'],
  ] as const)('shows %s (%s) as %s, %s', (day, kind, text, urgency) => {
    expect(badge(day, kind)).toMatchObject({ text, urgency });
  });

  it('names the day in full in its title, across a month and a year', () => {
    expect(badge('2027-01-02').title).toBe('Last free day 01/02/2027');
  });

  it('shows nothing for a shipment without a last free day', () => {
    expect(badge(null)).toMatchObject({ text: '', urgency: undefined });
  });
});
