import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  freeDaysState,
  freeDaysStateText,
  freeDaysUrgency,
  lastFreeDayState,
  RateTiers,
  tieredCharge,
  type FreeDaysInput,
} from './free-days.ts';

const atTerminal: FreeDaysInput = {
  terminal_last_free_day: '2026-11-10',
  detention_last_free_day: null,
  gated_out_day: null,
  empty_returned_day: null,
  demurrage_rates: [
    { from_day: 1, cents_per_day: 15_000 },
    { from_day: 5, cents_per_day: 30_000 },
  ],
  detention_rates: null,
};

describe('freeDaysState', () => {
  it('is on time far from the last free day, due within three days, and pick up today on the day itself', () => {
    expect(freeDaysState(atTerminal, '2026-11-06')).toEqual({ state: 'on_time' });
    expect(freeDaysState(atTerminal, '2026-11-07')).toEqual({ state: 'pickup_due', days_left: 3 });
    expect(freeDaysState(atTerminal, '2026-11-09')).toEqual({ state: 'pickup_due', days_left: 1 });
    expect(freeDaysState(atTerminal, '2026-11-10')).toEqual({ state: 'pickup_today' });
  });

  it('runs demurrage from the day after the last free day, charged by tier', () => {
    expect(freeDaysState(atTerminal, '2026-11-11')).toEqual({ state: 'demurrage', days: 1, charge_cents: 15_000 });
    expect(freeDaysState(atTerminal, '2026-11-15')).toEqual({
      state: 'demurrage',
      days: 5,
      charge_cents: 4 * 15_000 + 30_000,
    });
    expect(freeDaysState({ ...atTerminal, demurrage_rates: null }, '2026-11-12')).toEqual({
      state: 'demurrage',
      days: 2,
      charge_cents: null,
    });
  });

  it('counts across a month end', () => {
    expect(freeDaysState({ ...atTerminal, terminal_last_free_day: '2026-10-30' }, '2026-11-02')).toMatchObject({
      days: 3,
    });
  });

  it('is on time at the terminal while no last free day is known', () => {
    expect(freeDaysState({ ...atTerminal, terminal_last_free_day: null }, '2026-12-31')).toEqual({ state: 'on_time' });
  });

  it('watches the return once the container is gated out, and closes once the empty is back', () => {
    const out: FreeDaysInput = {
      ...atTerminal,
      gated_out_day: '2026-11-09',
      detention_last_free_day: '2026-11-16',
      detention_rates: [{ from_day: 1, cents_per_day: 10_000 }],
    };
    expect(freeDaysState(out, '2026-11-20')).toMatchObject({ state: 'detention' });
    expect(freeDaysState(out, '2026-11-12')).toEqual({ state: 'on_time' });
    expect(freeDaysState(out, '2026-11-13')).toEqual({ state: 'return_due', days_left: 3 });
    expect(freeDaysState(out, '2026-11-16')).toEqual({ state: 'return_due', days_left: 0 });
    expect(freeDaysState(out, '2026-11-17')).toEqual({ state: 'detention', days: 1, charge_cents: 10_000 });
    expect(freeDaysState({ ...out, detention_last_free_day: null }, '2026-11-30')).toEqual({ state: 'on_time' });
    expect(freeDaysState({ ...out, empty_returned_day: '2026-11-18' }, '2026-11-30')).toEqual({ state: 'closed' });
  });
});

describe('tieredCharge', () => {
  const tiers = [
    { from_day: 1, cents_per_day: 100 },
    { from_day: 3, cents_per_day: 200 },
    { from_day: 6, cents_per_day: 500 },
  ];

  it('charges each day at the tier that has started by then', () => {
    expect(tieredCharge(0, tiers)).toBe(0);
    expect(tieredCharge(2, tiers)).toBe(200);
    expect(tieredCharge(3, tiers)).toBe(400);
    expect(tieredCharge(7, tiers)).toBe(200 + 600 + 1000);
  });

  it('sums the same as day by day, at every count of days and for tiers ending anywhere', () => {
    const dayByDay = (days: number, rates: typeof tiers) => {
      let cents = 0;
      for (let day = 1; day <= days; day += 1) cents += rates.findLast((tier) => tier.from_day <= day)!.cents_per_day;
      return cents;
    };
    for (const rates of [
      tiers,
      [{ from_day: 1, cents_per_day: 7_500 }],
      [...tiers, { from_day: 30, cents_per_day: 0 }],
    ]) {
      for (let days = 0; days <= 40; days += 1)
        expect(tieredCharge(days, rates), `${days}`).toBe(dayByDay(days, rates));
    }
  });

  it('charges a last free day of the year 0001 reading each tier a few times, not once a day', () => {
    // A loop a day read the tiers 739,000 times a container, every other request waiting behind it.
    const rates = Array.from({ length: 20 }, (_, index) => ({ from_day: index + 1, cents_per_day: 100_000_000 }));
    let reads = 0;
    const counted = new Proxy(rates, {
      get(target, property, receiver) {
        reads += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const days = daysBetween('0001-01-01', '2026-12-07');
    expect(days).toBe(739_956);
    expect(tieredCharge(days, counted)).toBe(days * 100_000_000);
    expect(reads).toBeLessThan(200);
  });
});

describe('RateTiers', () => {
  it('takes tiers from day 1 in order and refuses others', () => {
    expect(RateTiers.safeParse([{ from_day: 1, cents_per_day: 100 }]).success).toBe(true);
    expect(RateTiers.safeParse([{ from_day: 2, cents_per_day: 100 }]).success).toBe(false);
    expect(
      RateTiers.safeParse([
        { from_day: 1, cents_per_day: 100 },
        { from_day: 1, cents_per_day: 200 },
      ]).success,
    ).toBe(false);
    expect(RateTiers.safeParse([]).success).toBe(false);
    expect(RateTiers.safeParse([{ from_day: 1, cents_per_day: -1 }]).success).toBe(false);
  });
});

describe('lastFreeDayState', () => {
  const DAYS = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-31'];

  it("is a container's state for its open last free day, on every day around it", () => {
    for (const today of DAYS) {
      expect(lastFreeDayState('terminal', '2026-11-26', today, atTerminal.demurrage_rates)).toEqual(
        freeDaysState({ ...atTerminal, terminal_last_free_day: '2026-11-26' }, today),
      );
      const out: FreeDaysInput = { ...atTerminal, gated_out_day: '2026-11-20', detention_last_free_day: '2026-11-26' };
      expect(lastFreeDayState('detention', '2026-11-26', today)).toEqual(freeDaysState(out, today));
    }
  });

  it('is due from three days before the last free day through it, and charged from the day after', () => {
    expect(lastFreeDayState('terminal', '2026-11-30', '2026-11-26')).toEqual({ state: 'on_time' });
    expect(lastFreeDayState('terminal', '2026-11-30', '2026-11-27')).toEqual({ state: 'pickup_due', days_left: 3 });
    expect(lastFreeDayState('terminal', '2026-11-30', '2026-11-30')).toEqual({ state: 'pickup_today' });
    expect(lastFreeDayState('terminal', '2026-11-30', '2026-12-01')).toEqual({
      state: 'demurrage',
      days: 1,
      charge_cents: null,
    });
    expect(lastFreeDayState('detention', '2026-11-30', '2026-11-30')).toEqual({ state: 'return_due', days_left: 0 });
    expect(lastFreeDayState('detention', '2026-11-30', '2026-12-02')).toEqual({
      state: 'detention',
      days: 2,
      charge_cents: null,
    });
    expect(lastFreeDayState('terminal', null, '2026-11-30')).toEqual({ state: 'on_time' });
  });
});

describe('freeDaysStateText', () => {
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  it('writes each state in a few words, with the estimate only when it is known', () => {
    expect(freeDaysStateText(freeDaysState(atTerminal, '2026-11-09'), money)).toBe('Pick up within 1 day');
    expect(freeDaysStateText(freeDaysState(atTerminal, '2026-11-10'), money)).toBe('Pick up today');
    expect(freeDaysStateText(freeDaysState(atTerminal, '2026-11-12'), money)).toBe(
      'Demurrage for 2 days, about $300.00',
    );
    const noRates = { ...atTerminal, demurrage_rates: null };
    expect(freeDaysStateText(freeDaysState(noRates, '2026-11-12'), money)).toBe('Demurrage for 2 days');
    expect(freeDaysStateText({ state: 'return_due', days_left: 0 }, money)).toBe('Return today');
    expect(freeDaysStateText({ state: 'closed' }, money)).toBe('Empty returned');
  });

  it('marks what costs already apart from what is due soon', () => {
    expect(freeDaysUrgency(freeDaysState(atTerminal, '2026-11-11'))).toBe('charging');
    expect(freeDaysUrgency(freeDaysState(atTerminal, '2026-11-10'))).toBe('due');
    expect(freeDaysUrgency(freeDaysState(atTerminal, '2026-11-01'))).toBeNull();
  });
});
