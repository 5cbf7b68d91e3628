import { z } from 'zod';
import { fromDigits, wholeNumber } from './http.ts';
import { Cents, centsToAmount, formatUsd } from './invoices.ts';
import { plainText } from './plain-text.ts';
import { ROLES } from './roles.ts';

/**
 * The customs entry behind a shipment (CBP Form 7501 and ACE's entry data): its codes, names and
 * the rules both sides apply (docs/decisions/0026-customs-entries.md).
 */

/**
 * An entry number as CBP prints it, `XXX-NNNNNNN-C` (19 CFR 142.3a): the filer code (three
 * letters or digits), the filer's seven-digit number and a check digit.
 */
export const ENTRY_NUMBER_PATTERN = /^[A-Z0-9]{3}-\d{7}-\d$/;

/**
 * The digit a filer code letter counts as in the check digit (ACE CATAIR, Appendix E, "Valid
 * Entry Numbers"): A–I are 1–9, J–R are 1–9, S–Z are 2–9.
 */
function filerCodeDigit(char: string): number {
  if (/\d/.test(char)) return Number(char);
  const index = char.charCodeAt(0) - 65;
  if (index < 9) return index + 1;
  if (index < 18) return index - 8;
  return index - 16;
}

/**
 * The check digit of the first ten positions (filer code and number): modulus 10, the units
 * position and every second one leftwards doubled, the digits of the products added to the
 * others, subtracted from the next multiple of ten.
 */
export function entryCheckDigit(filerCode: string, number: string): number {
  const digits = [...`${filerCode}${number}`].map(filerCodeDigit);
  let sum = 0;
  digits.reverse().forEach((digit, index) => {
    const weighed = index % 2 === 0 ? digit * 2 : digit;
    sum += weighed > 9 ? weighed - 9 : weighed;
  });
  return (10 - (sum % 10)) % 10;
}

/** `XXX-NNNNNNN-C` with its check digit, from the filer code and the number. */
export function formatEntryNumber(filerCode: string, number: number | string): string {
  const digits = String(number).padStart(7, '0');
  return `${filerCode}-${digits}-${entryCheckDigit(filerCode, digits)}`;
}

/** Whether `text` is an entry number whose check digit is right. */
export function isValidEntryNumber(text: string): boolean {
  if (!ENTRY_NUMBER_PATTERN.test(text)) return false;
  const [filerCode, number, check] = text.split('-') as [string, string, string];
  return entryCheckDigit(filerCode, number) === Number(check);
}

/** CBP's entry type codes (ACE CATAIR, Appendix B) the portal shows, with their names. */
export const ENTRY_TYPES = {
  '01': 'Consumption - Free and Dutiable',
  '02': 'Consumption - Quota/Visa',
  '03': 'Consumption - Antidumping/Countervailing Duty',
  '06': 'Consumption - Foreign Trade Zone (FTZ)',
  '07': 'Consumption - Antidumping/Countervailing Duty and Quota/Visa',
  '11': 'Informal - Free and Dutiable',
  '12': 'Informal - Quota/Visa',
  '21': 'Warehouse',
  '22': 'Re-Warehouse',
  '23': 'Temporary Importation Bond (TIB)',
  '26': 'Warehouse - Foreign Trade Zone (FTZ) Admission',
  '31': 'Warehouse Withdrawal - Consumption',
  '32': 'Warehouse Withdrawal - Quota',
  '34': 'Warehouse Withdrawal - Antidumping/Countervailing Duty',
  '51': 'Defense Contract Administration Service Region (DCASR)',
  '52': 'Government - Dutiable',
  '61': 'Immediate Transportation',
  '62': 'Transportation and Exportation',
  '63': 'Immediate Exportation',
  '86': 'Section 321 - Low Value',
} as const;
export type EntryType = keyof typeof ENTRY_TYPES;
/**
 * The codes in their order, 01 to 86: an object lists its keys that read as integers (11 … 86)
 * before the others (01 … 07), whatever the order they were written in.
 */
export const ENTRY_TYPE_CODES = Object.keys(ENTRY_TYPES).sort() as [EntryType, ...EntryType[]];

/**
 * CBP ports of entry (Schedule D codes) the portal names; a port not listed is shown by its code.
 * The seaports, airports and border crossings where most containers and air freight clear.
 */
export const CBP_PORTS: Readonly<Record<string, string>> = {
  '0401': 'Boston, MA',
  '0901': 'Buffalo, NY',
  '1001': 'New York, NY',
  '1101': 'Philadelphia, PA',
  '1303': 'Baltimore, MD',
  '1401': 'Norfolk, VA',
  '1512': 'Charlotte, NC',
  '1601': 'Charleston, SC',
  '1703': 'Savannah, GA',
  '1704': 'Atlanta, GA',
  '1803': 'Jacksonville, FL',
  '1801': 'Tampa, FL',
  '2002': 'New Orleans, LA',
  '2304': 'Laredo, TX',
  '2402': 'El Paso, TX',
  '2501': 'San Diego, CA',
  '2704': 'Los Angeles, CA',
  '2709': 'Long Beach, CA',
  '2720': 'Los Angeles International Airport, CA',
  '2809': 'San Francisco, CA',
  '2811': 'Oakland, CA',
  '2904': 'Portland, OR',
  '3001': 'Seattle, WA',
  '3002': 'Tacoma, WA',
  '3029': 'Seattle-Tacoma International Airport, WA',
  '3801': 'Detroit, MI',
  '3901': 'Chicago, IL',
  '3907': "Chicago O'Hare International Airport, IL",
  '4601': 'New York/Newark Area, Newark, NJ',
  '4701': 'John F. Kennedy Airport, NY',
  '5201': 'Miami, FL',
  '5203': 'Port Everglades, FL',
  '5206': 'Miami International Airport, FL',
  '5301': 'Houston, TX',
  '5501': 'Dallas/Fort Worth, TX',
};

/** A port's name for people: `4601 New York/Newark Area, Newark, NJ`, or the code alone. */
export function portName(code: string): string {
  const name = CBP_PORTS[code];
  return name ? `${code} ${name}` : code;
}

export const ENTRY_MODES = ['ocean', 'air', 'truck', 'rail'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

export const BOND_TYPES = ['continuous', 'single', 'none'] as const;

/** Where the entry's liquidation stands (19 CFR 159). */
export const LIQUIDATION_STATUSES = ['unliquidated', 'liquidated', 'extended', 'suspended'] as const;

/** The agencies whose holds and releases the portal shows: CBP and the partner government agencies. */
export const AGENCIES = {
  CBP: 'U.S. Customs and Border Protection',
  FDA: 'Food and Drug Administration',
  APHIS: 'USDA Animal and Plant Health Inspection Service',
  FSIS: 'USDA Food Safety and Inspection Service',
  EPA: 'Environmental Protection Agency',
  CPSC: 'Consumer Product Safety Commission',
  FWS: 'U.S. Fish and Wildlife Service',
  NHTSA: 'National Highway Traffic Safety Administration',
  TTB: 'Alcohol and Tobacco Tax and Trade Bureau',
  NMFS: 'National Marine Fisheries Service',
} as const;
export type Agency = keyof typeof AGENCIES;
export const AGENCY_CODES = Object.keys(AGENCIES) as [Agency, ...Agency[]];

/**
 * An agency's disposition of the entry, with the words ACE uses. `holds` are those that keep the
 * goods where they are: a clerk's "any agency hold".
 */
export const DISPOSITIONS = {
  pending: 'Pending',
  may_proceed: 'May Proceed',
  hold_intact: 'Hold Intact',
  exam: 'Exam',
  intensive_exam: 'Intensive Exam',
  vacis_exam: 'VACIS Exam',
  docs_review: 'Documents Review',
  released: 'Released',
  refused: 'Refused',
} as const;
export type Disposition = keyof typeof DISPOSITIONS;
export const DISPOSITION_CODES = Object.keys(DISPOSITIONS) as [Disposition, ...Disposition[]];
export const HOLDING_DISPOSITIONS: readonly Disposition[] = [
  'hold_intact',
  'exam',
  'intensive_exam',
  'vacis_exam',
  'docs_review',
  'refused',
];

/** An HTS number is ten digits, shown `NNNN.NN.NNNN`. */
export const HTS_NUMBER_PATTERN = /^\d{10}$/;
export function formatHtsNumber(hts: string): string {
  return `${hts.slice(0, 4)}.${hts.slice(4, 6)}.${hts.slice(6)}`;
}

/**
 * The merchandise processing fee (19 CFR 24.23(b)(1)): 0.3464 % of the entered value, at least
 * $33.58 and at most $651.50 a formal entry, as CBP set them for fiscal year 2026. In cents,
 * rounded half up as CBP rounds to the cent.
 */
export const MPF_RATE_PER_100_000 = 346.4;
export const MPF_MINIMUM_CENTS = 3_358;
export const MPF_MAXIMUM_CENTS = 65_150;
export function mpfCents(enteredValueCents: number): number {
  const fee = Math.round((enteredValueCents * MPF_RATE_PER_100_000) / 100_000);
  return Math.min(MPF_MAXIMUM_CENTS, Math.max(MPF_MINIMUM_CENTS, fee));
}

/** The harbor maintenance fee (19 CFR 24.24): 0.125 % of the value of goods unladen from a vessel; none by air, truck or rail. */
export function hmfCents(enteredValueCents: number, mode: EntryMode): number {
  return mode === 'ocean' ? Math.round((enteredValueCents * 125) / 100_000) : 0;
}

/** Cents as dollars for people: `$12,345.67`. */
export function formatCents(cents: number): string {
  return formatUsd(centsToAmount(cents));
}

/** The roles that see an entry's money (its values, duty and fees): those who see the invoices. */
export function seesEntryMoney(role: number): boolean {
  return role !== ROLES.shipmentsInfo;
}

/** The entry panel shows this many lines a page; the rest page on by line number. */
export const ENTRY_LINES_PAGE = 50;

export const CustomsEntryQuery = z.object({
  /** The last line number of the previous page. */
  after_line: fromDigits(wholeNumber(0, 9999).optional()),
});

export const CustomsEntryLine = z.object({
  line_number: z.number().int(),
  hts_number: z.string(),
  description: z.string(),
  /** Exact, as text with three decimals; null when not known. */
  quantity: z.string().nullable(),
  unit: z.string(),
  /** Null for a role that does not see money. */
  entered_value_cents: Cents.nullable(),
  duty_rate: z.string(),
  duty_cents: Cents.nullable(),
  adcvd: z.boolean(),
  section_301: z.boolean(),
  /**
   * The Section 301 part of duty_cents, as filed on its Chapter 99 line; null when the broker has not
   * sent it (always for a line not flagged Section 301) or for a role that does not see money.
   */
  section_301_duty_cents: Cents.nullable(),
});
export type CustomsEntryLine = z.infer<typeof CustomsEntryLine>;

export const EntryDisposition = z.object({
  agency: z.enum(AGENCY_CODES),
  disposition: z.enum(DISPOSITION_CODES),
  /** ISO 8601. */
  disposed_at: z.string(),
  note: z.string(),
});

/** The entry's figures: the lines' sums and the fees as filed; null for a role that does not see money. */
export const EntryTotals = z.object({
  entered_value_cents: Cents,
  duty_cents: Cents,
  mpf_cents: Cents.nullable(),
  hmf_cents: Cents.nullable(),
  other_fees_cents: Cents.nullable(),
  /** Duty and every fee filed. */
  total_due_cents: Cents,
  /** The entry's lines flagged Section 301, over all its lines (not only the page sent). */
  section_301_lines: z.number().int(),
  /** The Section 301 duty the broker sent of those lines: a part of duty_cents (docs/decisions/0051). */
  section_301_duty_cents: Cents,
  /** Those of the lines that came without their Section 301 duty: the sum leaves them out. */
  section_301_lines_without_duty: z.number().int(),
});

/** Which 7501s a company confirms before the broker files them: none, every one, or those with duty above its threshold. */
export const ENTRY_APPROVAL_MODES = ['none', 'all', 'above'] as const;
export type EntryApprovalMode = (typeof ENTRY_APPROVAL_MODES)[number];

/** Whether an entry with this duty awaits the company's confirmation: above means strictly above. */
export function needsApproval(mode: EntryApprovalMode, thresholdCents: number | null, dutyCents: number): boolean {
  if (mode === 'all') return true;
  return mode === 'above' && thresholdCents !== null && dutyCents > thresholdCents;
}

export const ENTRY_APPROVAL_STATES = ['not_needed', 'awaiting', 'approved', 'queried'] as const;

/**
 * Where the entry's 7501 stands with the company: `awaiting` its decision (the company's rule
 * asks for one, the 7501 is there, and no decision names it), or the decision on this 7501.
 */
export const EntryApproval = z.object({
  state: z.enum(ENTRY_APPROVAL_STATES),
  /** The 7501 the decision is on: a decision is sent with it, and refused when the broker has since replaced it. */
  path_to_7501: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  comment: z.string(),
});
export type EntryApproval = z.infer<typeof EntryApproval>;

export const DecideEntryRequest = z.object({ path_to_7501: z.string().min(1).max(300) });
export const QueryEntryRequest = DecideEntryRequest.extend({
  comment: plainText(z.string().trim().min(1, 'say what to query').max(2000)),
});
export const DecideEntryResponse = z.object({ approval: EntryApproval });
export type DecideEntryResponse = z.infer<typeof DecideEntryResponse>;

/**
 * A company's rule: which 7501s wait for its approval. `threshold` (dollars and cents) is needed
 * with `above` and kept otherwise. Its primary user and managers set it.
 */
export const EntryApprovalRule = z
  .object({
    mode: z.enum(ENTRY_APPROVAL_MODES),
    threshold: z
      .string()
      .regex(/^\d{1,10}(\.\d{2})?$/, 'must be an amount in dollars, like 2000 or 2000.00')
      .nullable(),
  })
  .refine((rule) => rule.mode !== 'above' || rule.threshold !== null, {
    message: 'needed to approve only entries above an amount',
    path: ['threshold'],
  });
export type EntryApprovalRule = z.infer<typeof EntryApprovalRule>;
export const EntryApprovalRuleResponse = z.object({ rule: EntryApprovalRule, can_change: z.boolean() });
export type EntryApprovalRuleResponse = z.infer<typeof EntryApprovalRuleResponse>;

/** Who sets the company's approval rule: its primary user and managers. */
export function setsEntryApprovalRule(role: number): boolean {
  return role === ROLES.primary || role === ROLES.manager;
}

export const ENTRY_APPROVAL_TEXTS = {
  awaiting: 'Awaiting your approval',
  notAwaiting: 'This 7501 is not awaiting your approval.',
  replaced: 'Your broker has replaced this 7501 since you opened it. Review the new one before you decide.',
  noEntry: 'Your broker has not filed the customs entry yet.',
  ruleForbidden: 'Only the primary user and managers set which 7501s need approval.',
} as const;

export const CustomsEntry = z.object({
  entry_number: z.string(),
  entry_type: z.string().nullable(),
  port_code: z.string().nullable(),
  /** YYYY-MM-DD, or null. */
  entry_date: z.string().nullable(),
  summary_date: z.string().nullable(),
  release_date: z.string().nullable(),
  liquidation_date: z.string().nullable(),
  liquidation_status: z.string().nullable(),
  bond_type: z.string().nullable(),
  importer_of_record: z.string().nullable(),
  mode: z.string().nullable(),
  country_of_origin: z.string().nullable(),
  country_of_export: z.string().nullable(),
  totals: EntryTotals.nullable(),
  dispositions: z.array(EntryDisposition),
  line_count: z.number().int(),
  /** The shipment's earlier entries, newest first: a refiled or withdrawn entry. */
  earlier_entries: z.array(z.string()),
  approval: EntryApproval,
});
export type CustomsEntry = z.infer<typeof CustomsEntry>;

/** The shipment's current entry (null before the broker files one) and a page of its lines. */
export const CustomsEntryResponse = z.object({
  entry: CustomsEntry.nullable(),
  lines: z.array(CustomsEntryLine),
  /** Pass it as `after_line` for the next page; null on the last page. */
  next_line: z.number().int().nullable(),
});
export type CustomsEntryResponse = z.infer<typeof CustomsEntryResponse>;
