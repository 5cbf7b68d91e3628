/**
 * Numbers and dates in the formats of the trade, and the seeded generator they are drawn from:
 * the same seed gives the same numbers on every run. Entry numbers are the contract's
 * (`formatEntryNumber`: CBP's layout and check digit, with our company's filer code).
 */

/** ISO 6346 letter values: 10 upwards, skipping multiples of 11. */
const ISO_6346_LETTERS = new Map<string, number>();
for (let letter = 0, value = 10; letter < 26; letter++, value++) {
  if (value % 11 === 0) value++;
  ISO_6346_LETTERS.set(String.fromCharCode(65 + letter), value);
}

/** The ISO 6346 sum of a number's characters from position 0: each one's value times 2 to its position. */
export function iso6346Sum(characters: string): number {
  return [...characters].reduce(
    (total, char, index) => total + (ISO_6346_LETTERS.get(char) ?? Number(char)) * 2 ** index,
    0,
  );
}

/** Owner code ending in U, six serial digits and the ISO 6346 check digit: `MSCU1234565`. */
export function containerNumber(ownerCode: string, serial: string): string {
  const body = ownerCode + serial;
  return `${body}${(iso6346Sum(body) % 11) % 10}`;
}

/** An air waybill: airline prefix, seven digits and their remainder modulo 7. */
export function airWaybill(rng: Rng, airlinePrefix: string): string {
  const serial = rng.int(1_000_000, 9_999_999);
  return `${airlinePrefix}-${serial}${serial % 7}`;
}

/** A `timestamp` column's text, in UTC. */
export function timestampText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** An event's date: ISO 8601, to the minute. */
export function isoDate(ms: number): string {
  return new Date(Math.round(ms / 60_000) * 60_000).toISOString();
}

export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  shuffle<T>(items: readonly T[]): T[];
  digits(count: number): string;
};

/** A seed from a text (FNV-1a), for a generator of a part's own that leaves the rest of the demo as it was. */
export function hashOf(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

/** mulberry32 (https://gist.github.com/tommyettinger/46a874533244883189143505d203312c). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)]!;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries.at(-1)![0];
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index--) {
        const other = int(0, index);
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy;
    },
    digits: (count) => Array.from({ length: count }, () => int(0, 9)).join(''),
  };
}

/** Draws until the value is new, so no container or bill number is given twice. */
export function unique(used: Set<string>, make: () => string): string {
  for (;;) {
    const value = make();
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

/** Every date of the demo is placed in these steps from now. */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
