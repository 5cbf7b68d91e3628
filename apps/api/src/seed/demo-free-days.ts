import { DEFAULT_TIME_ZONE } from '@clearport/contract/constants';
import type { RateTier } from '@clearport/contract/free-days';
import type { IngestionRecordInput } from '@clearport/contract/ingestion';
import { calendarDayIn } from '@clearport/contract/calendar';
import { createRng, DAY_MS, hashOf, HOUR_MS, type Rng } from './demo-numbers.ts';

/**
 * The free days of a demo shipment's containers (docs/decisions/0029-demurrage.md), as a terminal
 * and a line would report them: discharged hours after arrival, available for pick-up unless CBP
 * holds the shipment, four to seven free days, most picked up in time and some late, the empty
 * returned within the line's free days or after them, and now and then a last free day the
 * terminal moved. Rates are tiers like the Southern California terminals' and the lines'. Drawn
 * from a generator of its own, seeded by the file number, so the rest of the demo stays as it was.
 * A last free day counts from the day of the discharge in the company's zone (the demo companies
 * keep DEFAULT_TIME_ZONE), as the portal reads it: a discharge late in the evening there is already
 * the next day in UTC.
 */

type Container = { container_no: string };

/** The calendar day YYYY-MM-DD of a midnight UTC that stands for a day (from Date.parse of a day). */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** `days` days after the company's calendar day of the instant `ms`. */
const companyDayAfter = (ms: number, days: number) =>
  day(Date.parse(calendarDayIn(new Date(ms), DEFAULT_TIME_ZONE)) + days * DAY_MS);
const instant = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000).toISOString();

function demurrageRates(rng: Rng): RateTier[] {
  const first = rng.pick([15_000, 17_500, 20_000]);
  return [
    { from_day: 1, cents_per_day: first },
    { from_day: 5, cents_per_day: first * 2 },
  ];
}

function detentionRates(rng: Rng): RateTier[] {
  const first = rng.pick([10_000, 12_500, 15_000]);
  return [
    { from_day: 1, cents_per_day: first },
    { from_day: 6, cents_per_day: first + 10_000 },
  ];
}

/** When a container was discharged, made available and gated out, by now; null where not (yet). */
export type ContainerTimes = { discharged: number | null; available: number | null; gatedOut: number | null };

/**
 * A container's or a shipment's free days: what is known by now, and the last free days the
 * terminal moved from; and each container's times, which its tracking events show too.
 */
export type PlannedFreeDays = { records: IngestionRecordInput[]; moved: IngestionRecordInput[] };
type ContainerPlan = PlannedFreeDays & { times: ContainerTimes };

/** The records of one container. */
function containerRecords(
  rng: Rng,
  fileNumber: string,
  container: Container,
  input: { eta: number; now: number; isReleased: boolean; isHeld: boolean },
): ContainerPlan {
  const { eta, now } = input;
  const key = { kind: 'container_free_days', file_number: fileNumber, container_no: container.container_no } as const;
  const discharged = eta + rng.int(6, 30) * HOUR_MS;
  const none = { discharged: null, available: null, gatedOut: null };
  if (discharged > now) return { records: [], moved: [], times: none };
  const available = input.isHeld ? null : discharged + rng.int(8, 30) * HOUR_MS;
  const lastFreeDay = companyDayAfter(discharged, rng.pick([4, 4, 5, 5, 7]));
  const hasRates = rng.chance(0.7);
  const fields: Record<string, unknown> = {
    discharged_at: instant(discharged),
    available_at: available !== null && available <= now ? instant(available) : null,
    terminal_last_free_day: lastFreeDay,
    customs_hold: input.isHeld,
    line_hold: !input.isHeld && rng.chance(0.05),
    demurrage_rates: hasRates ? demurrageRates(rng) : null,
    detention_rates: hasRates ? detentionRates(rng) : null,
  };
  const moved = rng.chance(0.15) ? [{ ...key, terminal_last_free_day: day(Date.parse(lastFreeDay) - DAY_MS) }] : [];
  // Most released containers leave before their last free day, one in six a day or three after
  // it; none leaves before CBP releases it (or lets it move in bond).
  const lastFree = Date.parse(`${lastFreeDay}T23:00:00Z`);
  const isOnTime = rng.chance(0.83);
  const gateOut =
    available === null || !input.isReleased
      ? null
      : isOnTime
        ? Math.max(available + 2 * HOUR_MS, lastFree - rng.int(0, 3) * DAY_MS - rng.int(4, 12) * HOUR_MS)
        : lastFree + rng.int(1, 3) * DAY_MS - rng.int(4, 12) * HOUR_MS;
  const times = { discharged, available: available !== null && available <= now ? available : null, gatedOut: null };
  if (gateOut === null || gateOut > now) {
    return { records: [{ ...key, ...fields } as IngestionRecordInput], moved, times };
  }
  const returnBy = companyDayAfter(gateOut, rng.pick([4, 5, 7]));
  const delivered = gateOut + rng.int(2, 10) * HOUR_MS;
  // Most empties go back by the return day, some a day or two after, one in ten a week late.
  const returned = Date.parse(`${returnBy}T20:00:00Z`) + (rng.chance(0.1) ? rng.int(3, 8) : rng.int(-3, 2)) * DAY_MS;
  const record = {
    ...key,
    ...fields,
    gated_out_at: instant(gateOut),
    delivered_at: delivered <= now ? instant(delivered) : null,
    detention_last_free_day: returnBy,
    empty_returned_at: returned <= now ? instant(returned) : null,
  };
  return { records: [record as IngestionRecordInput], moved, times: { ...times, gatedOut: gateOut } };
}

/** The free days records of a shipment's containers, and their times; none before the vessel has arrived. */
export function planFreeDays(input: {
  fileNumber: string;
  containers: readonly Container[];
  eta: Date | null;
  now: Date;
  /** CBP has released the shipment, or lets it move in bond: its containers may leave the terminal. */
  isReleased: boolean;
  /** CBP holds the shipment (an exam or a documents review): not available for pick-up. */
  isHeld: boolean;
}): PlannedFreeDays & { times: ContainerTimes[] } {
  if (input.eta === null || input.containers.length === 0) return { records: [], moved: [], times: [] };
  const rng = createRng(hashOf(`${input.fileNumber} free days`));
  const facts = {
    eta: input.eta.getTime(),
    now: input.now.getTime(),
    isReleased: input.isReleased,
    isHeld: input.isHeld,
  };
  const planned = input.containers.map((container) => containerRecords(rng, input.fileNumber, container, facts));
  return {
    records: planned.flatMap((each) => each.records),
    moved: planned.flatMap((each) => each.moved),
    times: planned.map((each) => each.times),
  };
}
