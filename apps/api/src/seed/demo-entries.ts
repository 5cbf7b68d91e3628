import { hmfCents, mpfCents, type Agency, type Disposition, type EntryMode } from '@clearport/contract/customs-entry';
import type { IngestionRecordInput } from '@clearport/contract/ingestion';
import { amountToCents, centsToAmount } from '@clearport/contract/invoices';
import { createRng, DAY_MS, hashOf, type Rng } from './demo-numbers.ts';

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
};

const GOODS: readonly Goods[] = [
  {
    hts: '9403609081',
    description: 'Wooden dining tables',
    unit: 'No.',
    unitValue: 180,
    rate: { kind: 'free' },
    rateText: 'Free',
    section301: 25,
  },
  {
    hts: '9401615011',
    description: 'Upholstered wooden chairs',
    unit: 'No.',
    unitValue: 62,
    rate: { kind: 'free' },
    rateText: 'Free',
    section301: 25,
  },
  {
    hts: '6109100012',
    description: "Men's cotton knit T-shirts",
    unit: 'Doz.',
    unitValue: 38,
    rate: { kind: 'percent', percent: 16.5 },
    rateText: '16.5%',
    section301: 7.5,
  },
  {
    hts: '6204624011',
    description: "Women's cotton trousers",
    unit: 'Doz.',
    unitValue: 96,
    rate: { kind: 'percent', percent: 16.6 },
    rateText: '16.6%',
    section301: 7.5,
  },
  {
    hts: '6302600020',
    description: 'Cotton terry bath towels',
    unit: 'Doz.',
    unitValue: 41,
    rate: { kind: 'percent', percent: 9.1 },
    rateText: '9.1%',
    section301: 7.5,
  },
  {
    hts: '3926909985',
    description: 'Plastic storage containers',
    unit: 'No.',
    unitValue: 3.2,
    rate: { kind: 'percent', percent: 5.3 },
    rateText: '5.3%',
    section301: 25,
  },
  {
    hts: '6912004810',
    description: 'Ceramic dinnerware sets',
    unit: 'Doz.',
    unitValue: 55,
    rate: { kind: 'percent', percent: 9.8 },
    rateText: '9.8%',
    section301: 7.5,
  },
  {
    hts: '8471300100',
    description: 'Portable computers',
    unit: 'No.',
    unitValue: 410,
    rate: { kind: 'free' },
    rateText: 'Free',
  },
  {
    hts: '9503000073',
    description: "Children's toys, plastic",
    unit: 'No.',
    unitValue: 6.5,
    rate: { kind: 'free' },
    rateText: 'Free',
    agency: 'CPSC',
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
  },
  {
    hts: '0306170040',
    description: 'Frozen shrimp, peeled',
    unit: 'kg',
    unitValue: 9.8,
    rate: { kind: 'free' },
    rateText: 'Free',
    agency: 'FDA',
  },
  {
    hts: '2204215040',
    description: 'Red wine, in containers of 2 liters or less',
    unit: 'liters',
    unitValue: 7.4,
    rate: { kind: 'specific', centsPerUnit: 6.3 },
    rateText: '6.3¢/liter',
    agency: 'TTB',
  },
  {
    hts: '0804504040',
    description: 'Fresh mangoes',
    unit: 'kg',
    unitValue: 2.1,
    rate: { kind: 'specific', centsPerUnit: 6.6 },
    rateText: '6.6¢/kg',
    agency: 'APHIS',
  },
  {
    hts: '8418102010',
    description: 'Refrigerator-freezers, household',
    unit: 'No.',
    unitValue: 520,
    rate: { kind: 'free' },
    rateText: 'Free',
    section301: 25,
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

export type PlannedEntry = {
  records: IngestionRecordInput[];
  /** Duty, MPF and HMF in cents: what the 7501 shows as due and the invoice advances. */
  dueCents: number;
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function dutyCents(goods: Goods, valueCents: number, quantity: number, country: string): number {
  const base =
    goods.rate.kind === 'free'
      ? 0
      : goods.rate.kind === 'percent'
        ? Math.round((valueCents * goods.rate.percent) / 100)
        : Math.round(goods.rate.centsPerUnit * quantity);
  const section301 = country === 'CN' && goods.section301 ? Math.round((valueCents * goods.section301) / 100) : 0;
  return base + section301;
}

/** The lines: a few kinds of goods whose entered values add up to exactly `enteredValueCents`. */
function planLines(
  rng: Rng,
  entryNumber: string,
  enteredValueCents: number,
  country: string,
  agencyHint: Agency | null,
) {
  const count = rng.weighted([
    [1, 30],
    [2, 30],
    [3, 20],
    [5, 12],
    [8, 6],
    [14, 2],
  ] as const);
  const pool = agencyHint
    ? GOODS.filter((goods) => goods.agency === agencyHint)
    : GOODS.filter((goods) => !goods.agency);
  const weights = Array.from({ length: count }, () => 0.3 + rng.next());
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = enteredValueCents;
  return weights.map((weight, index) => {
    const goods = rng.pick(pool.length > 0 ? pool : GOODS);
    const valueCents = index === count - 1 ? left : Math.round((enteredValueCents * weight) / total);
    left -= valueCents;
    const quantity = Math.max(1, Math.round(valueCents / 100 / goods.unitValue));
    const section301 = country === 'CN' && goods.section301 !== undefined;
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
      duty: centsToAmount(dutyCents(goods, valueCents, quantity, country)),
      section_301: section301,
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
  fda: string;
  importerOfRecord: string;
}): PlannedEntry {
  const rng = createRng(hashOf(input.entryNumber));
  const country = COUNTRIES[input.origin.split(', ').at(-1) ?? ''] ?? 'CN';
  const fdaDisposition = FDA_DISPOSITIONS[input.fda];
  const agencyHint: Agency | null = fdaDisposition
    ? 'FDA'
    : rng.chance(0.12)
      ? rng.pick(['CPSC', 'NHTSA', 'TTB', 'APHIS'] as const)
      : null;
  const lines = planLines(rng, input.entryNumber, input.enteredValueCents, country, agencyHint);
  const lineDuty = lines.reduce((sum, line) => sum + amountToCents(line.duty), 0);
  const hasAdCvd = lines.some((line) => line.hts_number === '0306170040') && (country === 'IN' || country === 'VN');
  const mpf = mpfCents(input.enteredValueCents);
  const hmf = hmfCents(input.enteredValueCents, input.mode);
  const past = (ms: number) => Math.min(ms, input.now.getTime() - DAY_MS);
  const entryDate = past(input.anchor - rng.int(1, 3) * DAY_MS);
  const summaryDate = entryDate + rng.int(6, 10) * DAY_MS;
  const liquidation = entryDate + 314 * DAY_MS;
  const isLiquidated = liquidation < input.now.getTime();

  const releaseDays = rng.int(0, 2);
  const entry: IngestionRecordInput = {
    kind: 'entry',
    entry_number: input.entryNumber,
    file_number: input.fileNumber,
    entry_type: hasAdCvd ? '03' : input.enteredValueCents < 2_500_00 ? '11' : '01',
    port_code: input.portCode,
    entry_date: day(entryDate),
    summary_date: summaryDate < input.now.getTime() ? day(summaryDate) : null,
    release_date: input.isReleased ? day(past(input.anchor + releaseDays * DAY_MS)) : null,
    liquidation_date: isLiquidated ? day(liquidation) : null,
    liquidation_status: isLiquidated ? 'liquidated' : 'unliquidated',
    bond_type: input.enteredValueCents < 2_500_00 ? 'single' : 'continuous',
    importer_of_record: input.importerOfRecord,
    mode: input.mode,
    country_of_origin: country,
    country_of_export: country,
    mpf: centsToAmount(mpf),
    hmf: input.mode === 'ocean' ? centsToAmount(hmf) : null,
    other_fees: '0.00',
  };
  const disposedAt = (days: number) => new Date(past(input.anchor + days * DAY_MS)).toISOString();
  const dispositions: IngestionRecordInput[] = [];
  const dispose = (agency: Agency, disposition: Disposition, days: number) =>
    dispositions.push({
      kind: 'agency_disposition',
      entry_number: input.entryNumber,
      agency,
      disposition,
      disposed_at: disposedAt(days),
    });
  const cbp = CBP_DISPOSITIONS[input.status];
  // CBP's release is the entry's release date; a pending entry waits from the day it was filed.
  dispose('CBP', cbp ?? (input.isReleased ? 'released' : 'pending'), cbp ? 0.5 : input.isReleased ? releaseDays : -1);
  if (fdaDisposition) dispose('FDA', fdaDisposition, 0.6);
  for (const agency of new Set(lines.flatMap((line) => (line.agency && line.agency !== 'FDA' ? [line.agency] : [])))) {
    dispose(agency, input.isReleased ? 'may_proceed' : 'pending', 0.4);
  }
  const records = [
    entry,
    ...lines.map(({ agency: _agency, ...line }) =>
      hasAdCvd && line.hts_number === '0306170040' ? { ...line, adcvd: true } : line,
    ),
    ...dispositions,
  ];
  return { records, dueCents: lineDuty + mpf + (input.mode === 'ocean' ? hmf : 0) };
}
