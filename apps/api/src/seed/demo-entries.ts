import { hmfCents, mpfCents, type Agency, type Disposition, type EntryMode } from '@clearport/contract/customs-entry';
import type { IngestionRecordInput } from '@clearport/contract/ingestion';
import { amountToCents, centsToAmount } from '@clearport/contract/invoices';
import { createRng, DAY_MS, hashOf, HOUR_MS, type Rng } from './demo-numbers.ts';

/**
 * The customs entry behind a demo shipment (docs/decisions/0026-customs-entries.md): lines of
 * goods with their real HTS numbers and general rates (Harmonized Tariff Schedule of the United
 * States, 2026), Section 301 on Chinese goods of the lists that carry it, MPF and HMF at their
 * fiscal year 2026 rates, and the dispositions the shipment's status and FDA review tell of.
 * Drawn from a generator of its own, seeded by the entry number, so the rest of the demo stays as
 * it was.
 */

type Rate = { kind: 'free' } | { kind: 'percent'; percent: number } | { kind: 'specific'; centsPerUnit: number };

type Goods = {
  hts: string;
  description: string;
  unit: string;
  /** Dollars a unit, about. */
  unitValue: number;
  rate: Rate;
  rateText: string;
  /** The Section 301 duty on goods of China (percent of value), where a list names the number. */
  section301?: number;
  agency?: Agency;
  /** Food and drink: FDA reviews the entry (prior notice) besides the line's own agency. */
  isFdaRegulated?: boolean;
  /** The countries (ISO 3166) among the demo's origins that make and ship such goods. */
  origins: readonly string[];
  /** The countries whose goods of this kind an antidumping or countervailing duty order covers. */
  adcvdOrigins?: readonly string[];
};

const ASIAN_FACTORIES = ['CN', 'VN', 'TW', 'MY', 'TH', 'KR'];

const GOODS: readonly Goods[] = [
  {
    hts: '9403608081',
    description: 'Wooden dining tables',
    unit: 'No.',
    unitValue: 180,
    rate: { kind: 'free' },
    rateText: 'Free',
    section301: 25,
    origins: ['CN', 'VN', 'MY', 'TH', 'IT', 'ES', 'DE', 'NL', 'BE', 'TR', 'IN'],
  },
  {
    hts: '9401614011',
    description: 'Upholstered wooden chairs',
    unit: 'No.',
    unitValue: 62,
    rate: { kind: 'free' },
    rateText: 'Free',
    section301: 25,
    origins: ['CN', 'VN', 'MY', 'TW', 'IT', 'ES', 'DE', 'BE', 'TR'],
  },
  {
    hts: '6109100012',
    description: "Men's cotton knit T-shirts",
    unit: 'Doz.',
    unitValue: 38,
    rate: { kind: 'percent', percent: 16.5 },
    rateText: '16.5%',
    section301: 7.5,
    origins: ['CN', 'VN', 'IN', 'TR', 'TH', 'MY'],
  },
  {
    hts: '6204624011',
    description: "Women's cotton trousers",
    unit: 'Doz.',
    unitValue: 96,
    rate: { kind: 'percent', percent: 16.6 },
    rateText: '16.6%',
    section301: 7.5,
    origins: ['CN', 'VN', 'IN', 'TR', 'IT', 'ES'],
  },
  {
    hts: '6302600020',
    description: 'Cotton terry bath towels',
    unit: 'Doz.',
    unitValue: 41,
    rate: { kind: 'percent', percent: 9.1 },
    rateText: '9.1%',
    section301: 7.5,
    origins: ['CN', 'IN', 'TR', 'VN', 'TH'],
  },
  {
    hts: '3926909985',
    description: 'Plastic storage containers',
    unit: 'No.',
    unitValue: 3.2,
    rate: { kind: 'percent', percent: 5.3 },
    rateText: '5.3%',
    section301: 25,
    origins: [...ASIAN_FACTORIES, 'DE', 'NL', 'BE', 'IT', 'ES', 'TR', 'IN'],
  },
  {
    hts: '6912004810',
    description: 'Ceramic dinnerware sets',
    unit: 'Doz.',
    unitValue: 55,
    rate: { kind: 'percent', percent: 9.8 },
    rateText: '9.8%',
    section301: 7.5,
    origins: ['CN', 'TH', 'VN', 'MY', 'IT', 'ES', 'DE', 'TR', 'IN'],
  },
  {
    hts: '8471300100',
    description: 'Portable computers',
    unit: 'No.',
    unitValue: 410,
    rate: { kind: 'free' },
    rateText: 'Free',
    origins: ['CN', 'TW', 'VN', 'TH', 'MY', 'KR'],
  },
  {
    hts: '9503000073',
    description: "Children's toys, plastic",
    unit: 'No.',
    unitValue: 6.5,
    rate: { kind: 'free' },
    rateText: 'Free',
    agency: 'CPSC',
    origins: ['CN', 'VN', 'MY', 'TH', 'DE', 'IN'],
  },
  {
    hts: '4011101010',
    description: 'New radial tires for passenger cars',
    unit: 'No.',
    unitValue: 58,
    rate: { kind: 'percent', percent: 4 },
    rateText: '4%',
    section301: 25,
    agency: 'NHTSA',
    origins: ['CN', 'VN', 'TH', 'KR', 'TW', 'MY', 'IN', 'TR', 'DE', 'ES', 'IT'],
    adcvdOrigins: ['CN', 'VN', 'KR', 'TW', 'TH'],
  },
  {
    hts: '0306170040',
    description: 'Frozen shrimp, peeled',
    unit: 'kg',
    unitValue: 9.8,
    rate: { kind: 'free' },
    rateText: 'Free',
    agency: 'FDA',
    isFdaRegulated: true,
    origins: ['IN', 'VN', 'TH'],
    adcvdOrigins: ['IN', 'VN', 'CN'],
  },
  {
    hts: '2204215040',
    description: 'Red wine, in containers of 2 liters or less',
    unit: 'liters',
    unitValue: 7.4,
    rate: { kind: 'specific', centsPerUnit: 6.3 },
    rateText: '6.3¢/liter',
    agency: 'TTB',
    isFdaRegulated: true,
    origins: ['IT', 'ES', 'DE'],
  },
  {
    hts: '0804504055',
    description: 'Fresh mangoes',
    unit: 'kg',
    unitValue: 2.1,
    rate: { kind: 'specific', centsPerUnit: 6.6 },
    rateText: '6.6¢/kg',
    agency: 'APHIS',
    isFdaRegulated: true,
    origins: ['IN', 'TH'],
  },
  {
    hts: '8418100030',
    description: 'Refrigerator-freezers, household',
    unit: 'No.',
    unitValue: 520,
    rate: { kind: 'free' },
    rateText: 'Free',
    section301: 25,
    origins: ['CN', 'KR', 'TH', 'TR', 'IT', 'DE'],
  },
];

/** ISO 3166 codes of the demo's origins, by the country its origin names. */
const COUNTRIES: Readonly<Record<string, string>> = {
  China: 'CN',
  'South Korea': 'KR',
  Taiwan: 'TW',
  Vietnam: 'VN',
  Thailand: 'TH',
  Malaysia: 'MY',
  Netherlands: 'NL',
  Germany: 'DE',
  Belgium: 'BE',
  Spain: 'ES',
  Italy: 'IT',
  India: 'IN',
  Turkey: 'TR',
};

type EntryRecord = Extract<IngestionRecordInput, { kind: 'entry' }>;
type EntryLineRecord = Extract<IngestionRecordInput, { kind: 'entry_line' }>;

export type PlannedEntry = {
  records: IngestionRecordInput[];
  entry: EntryRecord;
  lines: EntryLineRecord[];
  /** Duty, MPF, HMF and other fees in cents: the 7501's blocks 37-39, what the invoice advances. */
  dueCents: number;
  /** The entry date (CBP's release, or the arrival until then), or null before the cargo arrives. */
  entryDate: number | null;
  /** FDA's review as the shipment row tells it: none unless the goods are food or drink. */
  fdaReview: string;
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A line's duty: the general rate's, and on goods of China that a Section 301 list names, the
 * rate's `+ N%` part, filed on its own Chapter 99 line (null for other goods).
 */
function dutyCents(
  goods: Goods,
  valueCents: number,
  quantity: number,
  country: string,
): { duty: number; section301: number | null } {
  const base =
    goods.rate.kind === 'free'
      ? 0
      : goods.rate.kind === 'percent'
        ? Math.round((valueCents * goods.rate.percent) / 100)
        : Math.round(goods.rate.centsPerUnit * quantity);
  const section301 =
    country === 'CN' && goods.section301 !== undefined ? Math.round((valueCents * goods.section301) / 100) : null;
  return { duty: base + (section301 ?? 0), section301 };
}

/** The lines: a few kinds of goods whose entered values add up to exactly `enteredValueCents`. */
function planLines(rng: Rng, entryNumber: string, enteredValueCents: number, country: string, pool: readonly Goods[]) {
  const count = rng.weighted([
    [1, 30],
    [2, 30],
    [3, 20],
    [5, 12],
    [8, 6],
    [14, 2],
  ] as const);
  const weights = Array.from({ length: count }, () => 0.3 + rng.next());
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = enteredValueCents;
  return weights.map((weight, index) => {
    const goods = rng.pick(pool);
    const valueCents = index === count - 1 ? left : Math.round((enteredValueCents * weight) / total);
    left -= valueCents;
    const quantity = Math.max(1, Math.round(valueCents / 100 / goods.unitValue));
    const duty = dutyCents(goods, valueCents, quantity, country);
    const section301 = duty.section301 !== null;
    return {
      kind: 'entry_line' as const,
      entry_number: entryNumber,
      line_number: index + 1,
      hts_number: goods.hts,
      description: goods.description,
      quantity: String(quantity),
      unit: goods.unit,
      entered_value: centsToAmount(valueCents),
      duty_rate: section301 ? `${goods.rateText} + ${goods.section301}%` : goods.rateText,
      duty: centsToAmount(duty.duty),
      section_301: section301,
      ...(duty.section301 !== null && { section_301_duty: centsToAmount(duty.section301) }),
      adcvd: goods.adcvdOrigins?.includes(country) ?? false,
      agency: goods.agency,
    };
  });
}

/** FDA's review as the shipment row tells it, as an FDA disposition. */
const FDA_DISPOSITIONS: Readonly<Record<string, Disposition>> = {
  'MAY PROCEED': 'may_proceed',
  'FDA EXAM': 'exam',
  'FDA HOLD': 'hold_intact',
  REFUSED: 'refused',
};

/** CBP's exam statuses as CBP dispositions. */
const CBP_DISPOSITIONS: Readonly<Record<string, Disposition>> = {
  'CBP INTENSIVE EXAM': 'intensive_exam',
  'CBP VACIS EXAM': 'vacis_exam',
  'CBP VAX EXAM': 'exam',
  'CBP DOCS REVIEW HOLD': 'docs_review',
};

/** The next weekday on or after the day of `ms`: CBP posts liquidations on business days. */
function businessDay(ms: number): number {
  const weekday = new Date(ms).getUTCDay();
  return ms + (weekday === 6 ? 2 : weekday === 0 ? 1 : 0) * DAY_MS;
}

/**
 * Days from the arrival to CBP's release. Most entries are released within two days of it; a hold
 * for documents or another agency keeps about one in ten three to six days, and an exam about one
 * in fifteen a week to three. Drawn from a stream of the entry's own, so that its other figures are
 * what they were before the longer ones were drawn.
 */
function releaseDaysOf(entryNumber: string, usual: number): number {
  const rng = createRng(hashOf(`${entryNumber} release`));
  if (rng.chance(1 / 15)) return rng.int(7, 20);
  if (rng.chance(1 / 10)) return rng.int(3, 6);
  return usual;
}

/** The goods an entry of `country` carries: food under FDA's review, another agency's goods, or plain goods. */
function goodsPool(rng: Rng, country: string, isFood: boolean): readonly Goods[] {
  const made = GOODS.filter((goods) => goods.origins.includes(country));
  const agency = rng.chance(0.12) ? rng.pick(['CPSC', 'NHTSA', 'TTB', 'APHIS'] as const) : null;
  if (isFood) return made.filter((goods) => goods.isFdaRegulated);
  const plain = made.filter((goods) => !goods.isFdaRegulated);
  const regulated = plain.filter((goods) => goods.agency === agency);
  return agency && regulated.length > 0 ? regulated : plain.filter((goods) => !goods.agency);
}

export function planEntry(input: {
  entryNumber: string;
  fileNumber: string;
  enteredValueCents: number;
  mode: EntryMode;
  portCode: string;
  origin: string;
  /** The ETA, or the day the shipment's other dates are placed around. */
  anchor: number;
  now: Date;
  status: string;
  isReleased: boolean;
  /** CBP has liquidated it, 314 days after its date: the shipment's status says so. */
  isLiquidated: boolean;
  /** The review the shipment would have if it carries food; the goods decide whether it does. */
  fda: string;
  importerOfRecord: string;
}): PlannedEntry {
  const rng = createRng(hashOf(input.entryNumber));
  const country = COUNTRIES[input.origin.split(', ').at(-1) ?? ''] ?? 'CN';
  const now = input.now.getTime();
  const hasArrived = input.anchor <= now - HOUR_MS;
  // Food only from where such food comes from; FDA examines or holds it only once it has arrived.
  const isFood = input.fda !== '' && GOODS.some((goods) => goods.isFdaRegulated && goods.origins.includes(country));
  const fdaReview = !isFood ? '' : hasArrived || input.fda === 'MAY PROCEED' ? input.fda : '';
  const fdaDisposition = FDA_DISPOSITIONS[fdaReview];
  const lines = planLines(rng, input.entryNumber, input.enteredValueCents, country, goodsPool(rng, country, isFood));
  const lineDuty = lines.reduce((sum, line) => sum + amountToCents(line.duty), 0);
  const hasAdCvd = lines.some((line) => line.adcvd);
  const mpf = mpfCents(input.enteredValueCents);
  const hmf = hmfCents(input.enteredValueCents, input.mode);
  const otherFees = 0;
  const past = (ms: number) => Math.min(ms, now - DAY_MS);

  // A liquidated entry's liquidation, 314 days after its date (and up to two more to a business
  // day), has passed: its release came no later than that allows.
  const latestRelease = input.isLiquidated ? Math.max(2, Math.floor((now - input.anchor) / DAY_MS) - 318) : Infinity;
  const releaseDays = Math.min(releaseDaysOf(input.entryNumber, rng.int(0, 2)), latestRelease);
  // Released on or after the arrival; the entry date is the release's day (19 CFR 141.68), or
  // the arrival's until CBP releases it, and none before the cargo is here.
  const release = input.isReleased ? Math.max(input.anchor, past(input.anchor + releaseDays * DAY_MS)) : null;
  const entryDate = release ?? (hasArrived ? input.anchor : null);
  const summaryDate = entryDate === null ? null : entryDate + rng.int(6, 10) * DAY_MS;
  const liquidation = entryDate === null ? null : businessDay(entryDate + 314 * DAY_MS);
  const isLiquidated = input.isLiquidated && liquidation !== null;

  const entry: EntryRecord = {
    kind: 'entry',
    entry_number: input.entryNumber,
    file_number: input.fileNumber,
    entry_type: hasAdCvd ? '03' : input.enteredValueCents < 2_500_00 ? '11' : '01',
    port_code: input.portCode,
    entry_date: entryDate === null ? null : day(entryDate),
    summary_date: summaryDate !== null && summaryDate < now ? day(summaryDate) : null,
    release_date: release === null ? null : day(release),
    liquidation_date: isLiquidated ? day(liquidation) : null,
    liquidation_status: isLiquidated ? 'liquidated' : 'unliquidated',
    bond_type: input.enteredValueCents < 2_500_00 ? 'single' : 'continuous',
    importer_of_record: input.importerOfRecord,
    mode: input.mode,
    country_of_origin: country,
    country_of_export: country,
    mpf: centsToAmount(mpf),
    hmf: input.mode === 'ocean' ? centsToAmount(hmf) : null,
    other_fees: centsToAmount(otherFees),
  };
  const disposedAt = (ms: number) => new Date(Math.min(ms, now - HOUR_MS)).toISOString();
  const dispositions: IngestionRecordInput[] = [];
  const dispose = (agency: Agency, disposition: Disposition, at: number) =>
    dispositions.push({
      kind: 'agency_disposition',
      entry_number: input.entryNumber,
      agency,
      disposition,
      disposed_at: disposedAt(at),
    });
  const cbp = CBP_DISPOSITIONS[input.status];
  // CBP's release is the entry's release; a pending entry waits from the day it was filed (before
  // the arrival); an exam or a hold comes after the arrival.
  dispose(
    'CBP',
    cbp ?? (release !== null ? 'released' : 'pending'),
    cbp ? input.anchor + 0.5 * DAY_MS : (release ?? input.anchor - DAY_MS),
  );
  if (fdaDisposition) dispose('FDA', fdaDisposition, input.anchor + (hasArrived ? 0.6 : -0.5) * DAY_MS);
  for (const agency of new Set(lines.flatMap((line) => (line.agency && line.agency !== 'FDA' ? [line.agency] : [])))) {
    dispose(agency, input.isReleased ? 'may_proceed' : 'pending', input.anchor + (hasArrived ? 0.4 : -0.5) * DAY_MS);
  }
  const entryLines = lines.map(({ agency: _agency, ...line }): EntryLineRecord => line);
  const records = [entry, ...entryLines, ...dispositions];
  const dueCents = lineDuty + mpf + (input.mode === 'ocean' ? hmf : 0) + otherFees;
  return { records, entry, lines: entryLines, dueCents, entryDate, fdaReview };
}
