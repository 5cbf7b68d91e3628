import { z } from 'zod';
import { isWithinYears } from './calendar.ts';
import { BROKER_KEY_MAX_LENGTH } from './constants.ts';
import { fromDigits, wholeNumber } from './http.ts';
import { Cents } from './invoices.ts';

/*
 * The reports of /reports (docs/decisions/0027-reports.md): duty and fees by month, entries by
 * port and mode, duty by HTS chapter, days from arrival to release, and open invoices by age.
 * Each reads the caller's linked accounts (or one of them) over a range of whole months; amounts
 * are exact cents.
 */

export const REPORT_KINDS = {
  dutyByMonth: 'Duty and fees by month',
  entriesByPort: 'Entries by port of entry and mode',
  dutyByChapter: 'Duty by HTS chapter',
  releaseDays: 'Days from arrival to release',
  openInvoices: 'Open invoices by age',
} as const;
export type ReportKind = keyof typeof REPORT_KINDS;

/** A report covers at most this many months. */
export const REPORT_MAX_MONTHS = 36;

// From 0002: the duty report compares a range with the year before it, which needs a year 0001.
/** The months a range may name: a month field's `min` and `max`. */
export const REPORT_MONTHS = { first: '0002-01', last: '9999-12' } as const;
const Month = z.string().regex(/^(?!000[01])\d{4}-(0[1-9]|1[0-2])$/, 'is not a month (YYYY-MM, from 0002-01)');

/** `YYYY-MM` to a count of months since year 0, to compare and measure ranges. */
export function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export function monthOfIndex(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let index = monthIndex(from); index <= monthIndex(to); index++) months.push(monthOfIndex(index));
  return months;
}

function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text && isWithinYears(text);
}

/** A report's range of whole months and, optionally, one of the caller's accounts (empty: all). */
const reportRange = { from: Month, to: Month, account_no: z.string().trim().max(BROKER_KEY_MAX_LENGTH).optional() };

function checkRange(query: { from: string; to: string }, context: z.RefinementCtx) {
  const months = monthIndex(query.to) - monthIndex(query.from) + 1;
  if (months < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'is before from' });
  else if (months > REPORT_MAX_MONTHS) {
    context.addIssue({ code: 'custom', path: ['to'], message: `is more than ${REPORT_MAX_MONTHS} months after from` });
  }
}

export const ReportQuery = z.object(reportRange).superRefine(checkRange);
export type ReportQuery = z.infer<typeof ReportQuery>;

/** The range presets, for the company's calendar day `today` (YYYY-MM-DD). */
export const REPORT_PRESETS = {
  thisMonth: 'This month',
  lastMonth: 'Last month',
  quarter: 'This quarter',
  yearToDate: 'Year to date',
  last12Months: 'Last 12 months',
  custom: 'Custom',
} as const;
export type ReportPreset = keyof typeof REPORT_PRESETS;

export function presetRange(preset: Exclude<ReportPreset, 'custom'>, today: string): { from: string; to: string } {
  const now = monthIndex(today.slice(0, 7));
  switch (preset) {
    case 'thisMonth':
      return { from: monthOfIndex(now), to: monthOfIndex(now) };
    case 'lastMonth':
      return { from: monthOfIndex(now - 1), to: monthOfIndex(now - 1) };
    case 'quarter':
      return { from: monthOfIndex(now - (now % 3)), to: monthOfIndex(now) };
    case 'yearToDate':
      return { from: monthOfIndex(now - (now % 12)), to: monthOfIndex(now) };
    case 'last12Months':
      return { from: monthOfIndex(now - 11), to: monthOfIndex(now) };
  }
}

const Count = z.number().int().nonnegative();

export const DutyByMonthRow = z.object({
  month: z.string(),
  entries: Count,
  duty_cents: Cents,
  mpf_cents: Cents,
  hmf_cents: Cents,
  other_fees_cents: Cents,
  total_cents: Cents,
  /** The same month a year before: its total, for the year-over-year line. */
  previous_year_total_cents: Cents,
});
export const DutyByMonthResponse = z.object({ months: z.array(DutyByMonthRow) });
export type DutyByMonthResponse = z.infer<typeof DutyByMonthResponse>;

const EntriesAndValue = { entries: Count, entered_value_cents: Cents };
export const EntriesByPortResponse = z.object({
  ports: z.array(z.object({ port_code: z.string(), port_name: z.string(), ...EntriesAndValue })),
  modes: z.array(z.object({ mode: z.string(), ...EntriesAndValue })),
});
export type EntriesByPortResponse = z.infer<typeof EntriesByPortResponse>;

/** Duty, and its parts on flagged lines (docs/decisions/0051-section-301-duty-per-line.md). */
const DutyParts = {
  entered_value_cents: Cents,
  duty_cents: Cents,
  /** The whole duty of the lines flagged Section 301, their base duty with their Section 301 part. */
  section_301_lines_duty_cents: Cents,
  /** The Section 301 duty itself: the sum of the Section 301 parts the broker sent of its lines. */
  section_301_duty_cents: Cents,
  /** The lines flagged Section 301 whose Section 301 part the broker has not sent: not in section_301_duty_cents. */
  section_301_lines_without_duty: Count,
  /** The whole duty of the lines flagged AD/CVD. */
  adcvd_lines_duty_cents: Cents,
};
/** The report lists this many HTS numbers, those with the most duty. */
export const TOP_HTS_NUMBERS = 20;
export const DutyByChapterResponse = z.object({
  chapters: z.array(z.object({ chapter: z.string(), name: z.string(), ...DutyParts })),
  top_hts: z.array(z.object({ hts_number: z.string(), lines: Count, ...DutyParts })),
});
export type DutyByChapterResponse = z.infer<typeof DutyByChapterResponse>;

/** The release report's drill-down lists entries released later than this many days after arrival, by default. */
export const RELEASE_DAYS_THRESHOLD = 5;
const over = fromDigits(wholeNumber(0, 365).default(RELEASE_DAYS_THRESHOLD));
export const ReleaseDaysQuery = z.object({ ...reportRange, over }).superRefine(checkRange);
const DaysFigures = { entries: Count, median_days: z.number().int().nullable(), p90_days: z.number().int().nullable() };
export const ReleaseDaysResponse = z.object({
  ...DaysFigures,
  /** Entries by days from arrival to release. */
  histogram: z.array(z.object({ days: Count, entries: Count })),
  /** Each week (its Monday, YYYY-MM-DD) with a release. */
  weeks: z.array(z.object({ week: z.string(), ...DaysFigures })),
  over_threshold: Count,
});
export type ReleaseDaysResponse = z.infer<typeof ReleaseDaysResponse>;

/** A page of the entries released later than `over` days after arrival, latest release first. */
export const RELEASE_ENTRIES_PAGE = 50;
export const ReleaseEntriesQuery = z
  .object({
    ...reportRange,
    over,
    after: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,9}$/, 'is not a place in the list')
      .refine((after) => isCalendarDate(after.slice(0, 10)), 'is not a place in the list')
      .optional(),
  })
  .superRefine(checkRange);
export const ReleaseEntry = z.object({
  shipment_id: z.number().int(),
  file_number: z.string(),
  entry_number: z.string(),
  account_no: z.string(),
  port_code: z.string().nullable(),
  arrival_date: z.string(),
  release_date: z.string(),
  days: Count,
});
export const ReleaseEntriesResponse = z.object({ entries: z.array(ReleaseEntry), next: z.string().nullable() });
export type ReleaseEntriesResponse = z.infer<typeof ReleaseEntriesResponse>;

/** Days past due, as the open invoices report groups them: not yet due counts as 0. */
export const AGE_BUCKETS = [
  { key: '0-30', label: '0–30 days', upTo: 30 },
  { key: '31-60', label: '31–60 days', upTo: 60 },
  { key: '61-90', label: '61–90 days', upTo: 90 },
  { key: 'over-90', label: 'Over 90 days', upTo: null },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number]['key'];

export function ageBucketOf(daysPastDue: number): AgeBucket {
  return (AGE_BUCKETS.find((bucket) => bucket.upTo !== null && daysPastDue <= bucket.upTo) ?? AGE_BUCKETS[3]).key;
}

const Aged = z.object({
  bucket: z.enum(AGE_BUCKETS.map((bucket) => bucket.key)),
  invoices: Count,
  amount_cents: Cents,
});
/** The tables a report exports, each as CSV or as an Excel workbook, by their name in the path. */
export const REPORT_EXPORT_TABLES = {
  'duty-by-month': 'Duty and fees by month',
  'entries-by-port': 'Entries by port of entry',
  'entries-by-mode': 'Entries by mode',
  'duty-by-chapter': 'Duty by HTS chapter',
  'top-hts-numbers': 'HTS numbers with the most duty',
  'release-days-by-week': 'Days from arrival to release by week',
  'late-releases': 'Entries released late',
  'open-invoices': 'Open invoices by age',
} as const;
export type ReportExportTable = keyof typeof REPORT_EXPORT_TABLES;
export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ReportExportParams = z.object({
  table: z.enum(Object.keys(REPORT_EXPORT_TABLES) as [ReportExportTable, ...ReportExportTable[]]),
});
export const ReportExportQuery = z
  .object({ ...reportRange, over, format: z.enum(REPORT_EXPORT_FORMATS) })
  .superRefine(checkRange);
export type ReportExportQuery = z.infer<typeof ReportExportQuery>;

/** The file's name: the table and the range, `clearport-duty-by-month-2026-01-to-2026-12.xlsx`. */
export function reportFileName(table: ReportExportTable, query: Pick<ReportExportQuery, 'from' | 'to' | 'format'>) {
  return `clearport-${table}-${query.from}-to-${query.to}.${query.format}`;
}

export const OpenInvoicesQuery = z.object({ account_no: reportRange.account_no });
export const OpenInvoicesResponse = z.object({
  /** The company's calendar day the ages are counted to. */
  as_of: z.string(),
  buckets: z.array(Aged),
  accounts: z.array(z.object({ account_no: z.string(), buckets: z.array(Aged) })),
});
export type OpenInvoicesResponse = z.infer<typeof OpenInvoicesResponse>;

/** The HTSUS chapters by their two digits (the tariff's chapter titles, shortened). */
export const HTS_CHAPTERS: Readonly<Record<string, string>> = {
  '01': 'Live animals',
  '02': 'Meat and edible meat offal',
  '03': 'Fish and crustaceans, molluscs',
  '04': 'Dairy produce; eggs; honey',
  '05': 'Products of animal origin, n.e.s.',
  '06': 'Live trees and plants; cut flowers',
  '07': 'Edible vegetables',
  '08': 'Edible fruit and nuts',
  '09': 'Coffee, tea, maté and spices',
  '10': 'Cereals',
  '11': 'Milling products; malt; starches',
  '12': 'Oil seeds and oleaginous fruits',
  '13': 'Lac; gums, resins',
  '14': 'Vegetable plaiting materials',
  '15': 'Animal or vegetable fats and oils',
  '16': 'Preparations of meat or fish',
  '17': 'Sugars and sugar confectionery',
  '18': 'Cocoa and cocoa preparations',
  '19': 'Preparations of cereals, flour or milk; bakers’ wares',
  '20': 'Preparations of vegetables, fruit or nuts',
  '21': 'Miscellaneous edible preparations',
  '22': 'Beverages, spirits and vinegar',
  '23': 'Food industry residues; animal feed',
  '24': 'Tobacco',
  '25': 'Salt; sulfur; earths and stone; cement',
  '26': 'Ores, slag and ash',
  '27': 'Mineral fuels and oils',
  '28': 'Inorganic chemicals',
  '29': 'Organic chemicals',
  '30': 'Pharmaceutical products',
  '31': 'Fertilizers',
  '32': 'Tanning or dyeing extracts; paints; inks',
  '33': 'Essential oils; perfumery and cosmetics',
  '34': 'Soap, washing preparations, waxes, candles',
  '35': 'Albuminoidal substances; glues; enzymes',
  '36': 'Explosives; pyrotechnics; matches',
  '37': 'Photographic or cinematographic goods',
  '38': 'Miscellaneous chemical products',
  '39': 'Plastics and articles thereof',
  '40': 'Rubber and articles thereof',
  '41': 'Raw hides and skins and leather',
  '42': 'Articles of leather; handbags and travel goods',
  '43': 'Furskins and artificial fur',
  '44': 'Wood and articles of wood',
  '45': 'Cork and articles of cork',
  '46': 'Straw manufactures; basketware',
  '47': 'Pulp of wood',
  '48': 'Paper and paperboard',
  '49': 'Printed books, newspapers, pictures',
  '50': 'Silk',
  '51': 'Wool and animal hair',
  '52': 'Cotton',
  '53': 'Other vegetable textile fibers',
  '54': 'Man-made filaments',
  '55': 'Man-made staple fibers',
  '56': 'Wadding, felt, nonwovens; twine and cordage',
  '57': 'Carpets and textile floor coverings',
  '58': 'Special woven fabrics; lace; embroidery',
  '59': 'Impregnated, coated or laminated textiles',
  '60': 'Knitted or crocheted fabrics',
  '61': 'Apparel, knitted or crocheted',
  '62': 'Apparel, not knitted or crocheted',
  '63': 'Other made up textile articles',
  '64': 'Footwear',
  '65': 'Headgear',
  '66': 'Umbrellas, walking sticks, whips',
  '67': 'Prepared feathers; artificial flowers',
  '68': 'Articles of stone, plaster, cement',
  '69': 'Ceramic products',
  '70': 'Glass and glassware',
  '71': 'Pearls, precious stones and metals; jewelry',
  '72': 'Iron and steel',
  '73': 'Articles of iron or steel',
  '74': 'Copper and articles thereof',
  '75': 'Nickel and articles thereof',
  '76': 'Aluminum and articles thereof',
  '78': 'Lead and articles thereof',
  '79': 'Zinc and articles thereof',
  '80': 'Tin and articles thereof',
  '81': 'Other base metals; cermets',
  '82': 'Tools and cutlery of base metal',
  '83': 'Miscellaneous articles of base metal',
  '84': 'Machinery and mechanical appliances',
  '85': 'Electrical machinery and equipment',
  '86': 'Railway locomotives and rolling stock',
  '87': 'Vehicles other than railway',
  '88': 'Aircraft and spacecraft',
  '89': 'Ships, boats and floating structures',
  '90': 'Optical, measuring and medical instruments',
  '91': 'Clocks and watches',
  '92': 'Musical instruments',
  '93': 'Arms and ammunition',
  '94': 'Furniture; bedding; lamps; prefabricated buildings',
  '95': 'Toys, games and sports equipment',
  '96': 'Miscellaneous manufactured articles',
  '97': 'Works of art and antiques',
  '98': 'Special classification provisions',
  '99': 'Temporary modifications (Section 301 and others)',
};

export function chapterName(chapter: string): string {
  return HTS_CHAPTERS[chapter] ?? `Chapter ${chapter}`;
}

/**
 * The monthly e-mail (decision 0027): on the company's first working day of a month, from 7 in
 * the morning in its time zone, each subscriber receives the report for the 12 months to the
 * month just ended, as a table and as an Excel workbook.
 */
export const ReportSubscriptions = z.object({
  reports: z.array(z.enum(Object.keys(REPORT_KINDS) as [ReportKind, ...ReportKind[]])).max(5),
});
export type ReportSubscriptions = z.infer<typeof ReportSubscriptions>;

/** The table of each report that its monthly e-mail shows and attaches. */
export const REPORT_MAIL_TABLES: Record<ReportKind, ReportExportTable> = {
  dutyByMonth: 'duty-by-month',
  entriesByPort: 'entries-by-port',
  dutyByChapter: 'duty-by-chapter',
  releaseDays: 'release-days-by-week',
  openInvoices: 'open-invoices',
};

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A report's YYYY-MM-DD as the Reports page, its exports and its monthly mail write it: 03/02/2026,
 * as every other day of the portal (DATE_DISPLAY_FORMAT).
 */
export function formatReportDay(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

/** A report's YYYY-MM as the Reports page and its monthly mail write it: Mar 2026. */
export function formatReportMonth(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

export const REPORT_MAIL_TEXTS = {
  subject: '{report}, {from} to {to}',
  /** `{reportInSentence}`: the report's name as a sentence carries it (duty and fees by month). */
  intro: 'Your monthly {reportInSentence} report for {company}, {from} to {to}. The Excel workbook is attached.',
  /** A report of what is open on the day it is made (open invoices by age), not of past months. */
  subjectAsOf: '{report}, as of {day}',
  introAsOf: 'Your monthly {reportInSentence} report for {company}, as of {day}. The Excel workbook is attached.',
  empty: 'Nothing to report in this period.',
  footer: 'You receive this e-mail because you subscribed to it on the Reports page: {link}',
} as const;
