import { z } from 'zod';

/*
 * Demurrage and detention (docs/decisions/0029-demurrage.md): a container's free days at the
 * terminal and with the trucker, and what it costs once they run out.
 */

/** One tier of a per-day rate: from this day of charges on (1 is the first charged day), this much a day. */
export const RateTier = z.object({
  from_day: z.number().min(1).max(366).int(),
  cents_per_day: z.number().min(0).max(100_000_000).int(),
});
export type RateTier = z.infer<typeof RateTier>;

/** A rate as tiers, the first from day 1, each later tier starting on a later day. */
export const RateTiers = z
  .array(RateTier)
  .min(1)
  .max(20)
  .refine((tiers) => tiers[0]?.from_day === 1, 'the first tier must start at from_day 1')
  .refine(
    (tiers) => tiers.every((tier, index) => index === 0 || tier.from_day > tiers[index - 1]!.from_day),
    'each tier must start on a later day than the one before',
  );

/** A pickup or a return this many days away or nearer is due; further away it is on time. */
export const FREE_DAYS_DUE_SOON = 3;

/** What the state is computed from: days as calendar days (YYYY-MM-DD) in the company's zone. */
export type FreeDaysInput = {
  terminal_last_free_day: string | null;
  detention_last_free_day: string | null;
  /** The company's calendar day on which the container left the terminal, or null while it is there. */
  gated_out_day: string | null;
  /** The company's calendar day on which the empty was returned, or null. */
  empty_returned_day: string | null;
  demurrage_rates: RateTier[] | null;
  detention_rates: RateTier[] | null;
};

export const FREE_DAYS_STATES = [
  'closed',
  'on_time',
  'pickup_today',
  'pickup_due',
  'demurrage',
  'return_due',
  'detention',
] as const;

export const FreeDaysState = z.discriminatedUnion('state', [
  z.object({ state: z.literal('closed') }),
  z.object({ state: z.literal('on_time') }),
  z.object({ state: z.literal('pickup_today') }),
  z.object({ state: z.literal('pickup_due'), days_left: z.number().int() }),
  /** `charge_cents` is an estimate from the rates, null when the rates are not known. */
  z.object({ state: z.literal('demurrage'), days: z.number().int(), charge_cents: z.number().int().nullable() }),
  /** `days_left` 0: the last free day is today. */
  z.object({ state: z.literal('return_due'), days_left: z.number().int() }),
  z.object({ state: z.literal('detention'), days: z.number().int(), charge_cents: z.number().int().nullable() }),
]);
export type FreeDaysState = z.infer<typeof FreeDaysState>;

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to`, both YYYY-MM-DD (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The charge of `days` charged days at tiered rates: each day at the last tier that has started.
 * Summed a tier at a time (its days times its rate), so that it costs the same for a year's days
 * as for a week's: the tiers start on later days each (RateTiers).
 */
export function tieredCharge(days: number, tiers: RateTier[] | null): number | null {
  if (tiers === null) return null;
  return tiers.reduce((cents, tier, index) => {
    const lastDay = Math.min(days, (tiers[index + 1]?.from_day ?? Infinity) - 1);
    return lastDay < tier.from_day ? cents : cents + (lastDay - tier.from_day + 1) * tier.cents_per_day;
  }, 0);
}

/** Whose last free day: the terminal's (demurrage while the container is there) or the line's (detention until the empty is back). */
export type LastFreeDayKind = 'terminal' | 'detention';

/**
 * The state one open last free day gives on the calendar day `today`, both YYYY-MM-DD: the one
 * rule of a last free day, which a container's state (freeDaysState) and the shipments list's
 * badge of a shipment's nearest last free day both apply. A last free day is a whole day free:
 * charges start the day after it; on it and FREE_DAYS_DUE_SOON days before it, it is due.
 */
export function lastFreeDayState(
  kind: LastFreeDayKind,
  lastFreeDay: string | null,
  today: string,
  rates: RateTier[] | null = null,
): FreeDaysState {
  if (lastFreeDay === null) return { state: 'on_time' };
  const daysLeft = daysBetween(today, lastFreeDay);
  if (daysLeft < 0) {
    const days = -daysLeft;
    const charge_cents = tieredCharge(days, rates);
    return kind === 'terminal'
      ? { state: 'demurrage', days, charge_cents }
      : { state: 'detention', days, charge_cents };
  }
  if (daysLeft > FREE_DAYS_DUE_SOON) return { state: 'on_time' };
  if (kind === 'detention') return { state: 'return_due', days_left: daysLeft };
  return daysLeft === 0 ? { state: 'pickup_today' } : { state: 'pickup_due', days_left: daysLeft };
}

/**
 * A container's state on the company's day `today`. Demurrage runs until the container leaves
 * the terminal, detention until the empty is returned.
 */
export function freeDaysState(input: FreeDaysInput, today: string): FreeDaysState {
  if (input.empty_returned_day !== null) return { state: 'closed' };
  if (input.gated_out_day === null) {
    return lastFreeDayState('terminal', input.terminal_last_free_day, today, input.demurrage_rates);
  }
  return lastFreeDayState('detention', input.detention_last_free_day, today, input.detention_rates);
}

/** A change of a last free day: the terminal's or the detention one, from `old_day` to `new_day`. */
export const LastFreeDayChange = z.object({
  which: z.enum(['terminal', 'detention']),
  old_day: z.string().nullable(),
  new_day: z.string().nullable(),
  changed_at: z.string(),
});

/** A container's free days as the shipment page reads them: instants ISO 8601, days YYYY-MM-DD. */
export const ContainerFreeDays = z.object({
  container_id: z.number().int(),
  container_no: z.string(),
  discharged_at: z.string().nullable(),
  available_at: z.string().nullable(),
  terminal_last_free_day: z.string().nullable(),
  customs_hold: z.boolean(),
  line_hold: z.boolean(),
  other_hold: z.boolean(),
  gated_out_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  empty_returned_at: z.string().nullable(),
  detention_last_free_day: z.string().nullable(),
  demurrage_rates: z.array(RateTier).nullable(),
  detention_rates: z.array(RateTier).nullable(),
  status: FreeDaysState,
  lfd_history: z.array(LastFreeDayChange),
});
export type ContainerFreeDays = z.infer<typeof ContainerFreeDays>;

/** `today` is the company's calendar day the states are computed on. */
export const ContainerFreeDaysResponse = z.object({
  today: z.string(),
  containers: z.array(ContainerFreeDays),
});
export type ContainerFreeDaysResponse = z.infer<typeof ContainerFreeDaysResponse>;

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * A container's state in a few words, as the shipment page, the list and the mails write it;
 * `money` writes an estimated charge (left out when the rates are not known or not shown).
 */
export function freeDaysStateText(status: FreeDaysState, money: (cents: number) => string): string {
  switch (status.state) {
    case 'closed':
      return 'Empty returned';
    case 'on_time':
      return 'On time';
    case 'pickup_today':
      return 'Pick up today';
    case 'pickup_due':
      return `Pick up within ${dayCount(status.days_left)}`;
    case 'return_due':
      return status.days_left === 0 ? 'Return today' : `Return within ${dayCount(status.days_left)}`;
    case 'demurrage':
    case 'detention': {
      const charge = status.charge_cents === null ? '' : `, about ${money(status.charge_cents)}`;
      return `${status.state === 'demurrage' ? 'Demurrage' : 'Detention'} for ${dayCount(status.days)}${charge}`;
    }
  }
}

/** Whether the state costs money already (red) or will soon (amber); neither for the rest. */
export function freeDaysUrgency(status: FreeDaysState): 'charging' | 'due' | null {
  if (status.state === 'demurrage' || status.state === 'detention') return 'charging';
  if (status.state === 'pickup_today' || status.state === 'pickup_due' || status.state === 'return_due') return 'due';
  return null;
}
