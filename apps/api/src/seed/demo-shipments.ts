import type { Insertable } from 'kysely';
import { ENTRY_TYPES, formatEntryNumber, formatHtsNumber } from '@clearport/contract/customs-entry';
import { amountToCents } from '@clearport/contract/invoices';
import type { IngestionRecordInput } from '@clearport/contract/ingestion';
import { planEntry, type PlannedEntry } from './demo-entries.ts';
import { planFreeDays, type ContainerTimes, type PlannedFreeDays } from './demo-free-days.ts';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@clearport/contract/statuses';
import { DOCUMENT_TYPES, TRACKED_DOCUMENT_ABBREVIATIONS } from '@clearport/contract/documents';
import { ROLES } from '@clearport/contract/roles';
import { DEFAULT_TIME_ZONE, SHIPMENT_UPDATES_CUTOFF_DATE } from '@clearport/contract/constants';
import { ISF_FILED_BY_CLIENT } from '@clearport/contract/shipment-detail';
import type {
  BillsOfLadingTable,
  ContainersTable,
  DeliveryOrdersTable,
  DocumentsTable,
  InvoicesTable,
  ShipmentsTable,
  TrackingEvent,
} from '../db/schema.ts';
import { displayDate, displayDay } from '../lib/display-dates.ts';
import { newStorageKey } from '../lib/storage.ts';
import {
  AIRLINES,
  BREAKBULK_CARRIER,
  COMPANIES,
  DEMO_LOGINS,
  LESSOR_PREFIXES,
  TRANSPORT_MODES,
  type CompanyProfile,
  type DemoLogin,
  type Port,
  type TransportMode,
} from './demo-companies.ts';
import {
  DAY_MS,
  HOUR_MS,
  airWaybill,
  containerNumber,
  createRng,
  hashOf,
  isoDate,
  timestampText,
  unique,
  type Rng,
} from './demo-numbers.ts';
import { entrySummaryPdf, invoiceBackupPdf, invoicePdf, shipmentDocumentPdf } from './demo-pdfs.ts';

/**
 * The shipment plan: which shipments each company gets, in which statuses and on which dates,
 * with their containers, bills, documents, notes, delivery orders and invoices. Everything is
 * built in memory, before anything is written, and references people, truckers, warehouses,
 * containers and bills by their place in the plan; the writer turns those into ids.
 *
 * Everything is drawn from one seeded generator, so every run makes the same data; only the
 * dates move, placed relative to now so that each date filter of the list finds shipments.
 */

export type SeedOptions = {
  /** Shipments of each company; by default 300 for Demo Imports and 120 for Other Trading. */
  shipmentsPerCompany?: number;
};

const S = SHIPMENT_STATUSES;

/** A stored value outside the contract's list; the portal shows such a status in lower case. */
const UNLISTED_STATUS = 'In Transit';

const FDA = { none: '', mayProceed: 'MAY PROCEED', exam: 'FDA EXAM', hold: 'FDA HOLD', refused: 'REFUSED' };

type IsfKind = 'none' | 'client' | 'broker' | 'notApplicable';

type Shape = {
  containers: number;
  masters: number;
  houses: number;
  mode?: TransportMode;
  fda?: string;
  isf?: IsfKind;
  /** Days from now; otherwise drawn from the status's usual range. */
  etaDays?: number;
  /** Days before the cut-off date of per-container shipment updates. */
  etaDaysBeforeCutoff?: number;
  orders?: number;
  ignored?: boolean;
};

/**
 * The first shipments of each company, shaped by hand so that even a small demo has every
 * stored status, 0, 1, 2 and many containers and bills, each FDA state and two-order shipments.
 */
const SHOWCASE_BY_STATUS = {
  [S.released]: { containers: 4, masters: 1, houses: 2, fda: FDA.mayProceed, etaDays: -3, orders: 2 },
  [S.submitted]: { containers: 0, masters: 1, houses: 0, mode: 'vesselContainer', isf: 'none', etaDays: 4 },
  [S.pendingDocuments]: { containers: 6, masters: 3, houses: 4, fda: FDA.hold, isf: 'client', etaDays: 2 },
  [S.pendingRelease]: { containers: 2, masters: 1, houses: 1, fda: FDA.exam, isf: 'broker', orders: 1 },
  [S.cbpIntensiveExam]: { containers: 3, masters: 2, houses: 3 },
  [S.cbpVacisExam]: { containers: 1, masters: 0, houses: 1 },
  [S.cbpDocsReviewHold]: { containers: 1, masters: 1, houses: 0, fda: FDA.refused },
  [S.isfHold]: { containers: 2, masters: 1, houses: 2, isf: 'client' },
  [S.itShipment]: { containers: 1, masters: 1, houses: 1 },
  [S.notClearedByAfb]: { containers: 5, masters: 4, houses: 5 },
  [S.cbpVaxExam]: { containers: 1, masters: 1, houses: 0 },
  [S.admissible]: { containers: 0, masters: 1, houses: 1, mode: 'air' },
  [S.accepted]: { containers: 2, masters: 2, houses: 2 },
  [S.liquidated]: { containers: 1, masters: 1, houses: 0, mode: 'vesselContainer' },
} satisfies Record<ShipmentStatus, Shape>;

const SHOWCASE: ReadonlyArray<{ status: string; shape: Shape }> = [
  ...Object.entries(SHOWCASE_BY_STATUS).map(([status, shape]: [string, Shape]) => ({ status, shape })),
  { status: UNLISTED_STATUS, shape: { containers: 1, masters: 1, houses: 1, etaDays: 9 } },
  // Before the cut-off the detail page hides the container events these carry.
  {
    status: S.released,
    shape: { containers: 2, masters: 1, houses: 1, etaDaysBeforeCutoff: 45, orders: 1, fda: FDA.mayProceed },
  },
  { status: S.released, shape: { containers: 1, masters: 1, houses: 0, etaDaysBeforeCutoff: 8, ignored: true } },
  { status: S.released, shape: { containers: 0, masters: 1, houses: 0, mode: 'vesselNonContainer' } },
];

const MIN_SHIPMENTS = SHOWCASE.length;

/**
 * Each status's share, so that shipments arrive at about the same rate in every month: the
 * weight of a status is about the days its ETAs span (etaRange) times the part of the shipments
 * of that age in it. Most shipments of a year and a half are released (or liquidated, a released
 * one's last step after 314 days); those still on their way or at the port are the last weeks'.
 */
const STATUS_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  [S.released, 71],
  [S.submitted, 8],
  [S.pendingDocuments, 8.5],
  [S.pendingRelease, 2],
  [S.cbpIntensiveExam, 0.4],
  [S.cbpVacisExam, 0.5],
  [S.cbpDocsReviewHold, 0.4],
  [S.isfHold, 0.3],
  [S.itShipment, 0.5],
  [S.notClearedByAfb, 0.3],
  [S.cbpVaxExam, 0.3],
  [S.admissible, 1.5],
  [S.accepted, 2.5],
  [S.liquidated, 3],
  [UNLISTED_STATUS, 0.5],
];

/** Where a status's ETA usually lies, in days from now. */
function etaRange(status: string): readonly [number, number] {
  switch (status) {
    case S.released:
      return [-540, -2];
    case S.liquidated:
      return [-540, -320];
    case S.accepted:
      return [-300, -25];
    case S.admissible:
      return [-200, -15];
    case S.submitted:
      return [-2, 60];
    case S.pendingDocuments:
      return [-12, 60];
    case S.pendingRelease:
      return [-8, 10];
    case UNLISTED_STATUS:
      return [-5, 25];
    default:
      return [-25, 2];
  }
}

/**
 * A released entry liquidates 314 days after its date, on a business day: one whose cargo arrived
 * 320 days ago or more shows that last step (its release no later than that allows, planEntry).
 * Decided on the placement alone, so that the same shipments get the same status on any day.
 */
function isLiquidatedBy(eta: EtaPlacement): boolean {
  return eta.kind === 'before-cutoff' || (eta.kind === 'days' && eta.days <= -320);
}

/** Before the documents are in; everything later has all required types submitted. */
const EARLY_STATUSES: readonly string[] = [S.pendingDocuments, S.submitted, UNLISTED_STATUS];
const AFTER_RELEASE_STATUSES: readonly string[] = [S.released, S.liquidated, S.accepted, S.admissible];
const EXAM_STATUSES: readonly string[] = [S.cbpIntensiveExam, S.cbpVacisExam, S.cbpVaxExam, S.cbpDocsReviewHold];

const REQUIRED_TYPES = TRACKED_DOCUMENT_ABBREVIATIONS.map((tracked) => tracked.type);
const OPTIONAL_TYPES = ['Certificate of Origin', 'Fumigation Certificate', 'FDA Prior Notice', 'Lacey Act Declaration'];
const SUPPLEMENTARY_TITLES = [
  'CBP Release Notification',
  'Carrier Arrival Notice',
  'Proof of Delivery',
  'Duty Payment Receipt',
  'CBP Exam Findings',
];

const NOTE_TEXTS = [
  'Commercial invoice uploaded; the packing list follows tomorrow.',
  'Please expedite: the customer needs this cargo on the shelf by Friday.',
  'Trucker confirmed pickup for Tuesday morning.',
  'Supplier says line 3 should be classified under 9403.60.8081. Please confirm before filing.',
  'The warehouse only receives before 2 PM; please book the appointment accordingly.',
  'Any update on the exam? The terminal starts charging storage on Monday.',
  'Attached the revised invoice with corrected unit prices.',
  'Split delivery: first container to the main DC, the rest next week.',
];
const DOCUMENT_NOTES = [
  'Please upload the commercial invoice showing unit value and country of origin per line.',
  'The packing list is missing the carton count; please send an updated copy.',
  'Arrival notice not received from the carrier yet.',
];
const BROKER_COMMENTS = [
  'Exam fees will be billed separately once the terminal invoices us.',
  'Entry transmitted in ACE; awaiting vessel arrival.',
  'Duties paid through the monthly periodic statement.',
  'Section 301 duties apply to lines 2 and 4.',
  'Continuous bond sufficiency checked; no action needed.',
];
const ORDER_NOTES = [
  '',
  '',
  'Appointment required; call 30 minutes before arrival.',
  'Deliver to dock door 4.',
  'Dock-high delivery, no liftgate needed.',
  'Drop and pull; return the empty to the terminal.',
];

export type PlannedFile = { key: string; render: () => Promise<Uint8Array> };

type PlannedDocument = Omit<Insertable<DocumentsTable>, 'shipment_id' | 'uploaded_by' | 'size'> & {
  uploadedBy: string | null;
};

type PlannedOrder = Omit<
  Insertable<DeliveryOrdersTable>,
  'shipment_id' | 'trucker_id' | 'warehouse_id' | 'created_by'
> & {
  trucker: number;
  warehouse: number;
  containers: number[];
  bills: number[];
  createdBy: string;
  /** When the broker approved it (approveDeliveryOrder), or null while waiting. */
  approvedAt: string | null;
};

export type PlannedShipment = {
  accountNo: string;
  row: Omit<Insertable<ShipmentsTable>, 'account_id'>;
  containers: Array<Omit<Insertable<ContainersTable>, 'shipment_id'>>;
  bills: Array<Omit<Insertable<BillsOfLadingTable>, 'shipment_id'>>;
  documentTypes: Array<{ type: string; required: boolean; submitted: boolean }>;
  documents: PlannedDocument[];
  notes: Array<{ author: DemoLogin; comments: string; created_at: string }>;
  orders: PlannedOrder[];
  /** Who filed the client's ISF the row holds and who marked its 7501 reviewed, and when: the change feed tells both. */
  acts: { isfFiler: string | null; reviewer: { email: string; at: string } | null };
  invoice: PlannedInvoice | null;
  /** The customs entry's records: the entry, its lines and its dispositions; none before it is filed. */
  entry: IngestionRecordInput[];
  /** The broker's container_free_days records, and the earlier last free days the terminal moved from. */
  freeDays: PlannedFreeDays;
};

/** A charge of an invoice, in dollars. */
export type Charge = { label: string; amount: number };

/** The invoice's row, and the charges its amount and PDF show (demo-billing.ts). */
export type PlannedInvoice = Omit<Insertable<InvoicesTable>, 'account_id' | 'shipment_id'> & { charges: Charge[] };

export type PlannedCompany = { profile: CompanyProfile; logins: DemoLogin[]; shipments: PlannedShipment[] };

export type DemoPlan = { now: Date; companies: PlannedCompany[]; files: PlannedFile[] };

const SEED = 0x5eed_c1ea;

type EtaPlacement = { kind: 'days'; days: number } | { kind: 'before-cutoff'; days: number } | { kind: 'unknown' };

type Skeleton = { status: string; shape: Shape | undefined; eta: EtaPlacement; accountNo: string };

export function planDemo(now: Date, options: SeedOptions): DemoPlan {
  const rng = createRng(SEED);
  const files: PlannedFile[] = [];
  const used = { containers: new Set<string>(), bills: new Set<string>() };
  let invoiceNo = 260_100;

  const companies = COMPANIES.map((profile): PlannedCompany => {
    const count = options.shipmentsPerCompany ?? profile.defaultShipments;
    if (!Number.isInteger(count) || count < MIN_SHIPMENTS) {
      throw new RangeError(`shipmentsPerCompany must be an integer of at least ${MIN_SHIPMENTS}`);
    }
    const logins = DEMO_LOGINS.filter((login) => login.company === profile.name);
    const skeletons = Array.from({ length: count }, (_, index) => planSkeleton(rng, profile, SHOWCASE[index]));
    // Entry numbers grow with the ETA, as a broker's do; the order does not depend on today's date.
    skeletons.sort((a, b) => etaSortKey(a.eta) - etaSortKey(b.eta));
    const context: PlanContext = { rng, now, profile, logins, files, used, nextInvoiceNo: () => `INV-${invoiceNo++}` };
    let entryNo = profile.firstEntryNo;
    const shipments = skeletons.map((skeleton) => {
      entryNo += rng.int(1, 40);
      return planShipment(context, skeleton, formatEntryNumber(profile.entryPrefix, entryNo));
    });
    return { profile, logins, shipments };
  });
  return { now, companies, files };
}

function planSkeleton(rng: Rng, profile: CompanyProfile, showcase: (typeof SHOWCASE)[number] | undefined): Skeleton {
  const status = showcase?.status ?? rng.weighted(STATUS_WEIGHTS);
  const shape = showcase?.shape;
  const accountNo = rng.weighted(profile.accounts.map((account) => [account.accountNo, account.share] as const));
  return { status, shape, eta: placeEta(rng, status, shape), accountNo };
}

function placeEta(rng: Rng, status: string, shape: Shape | undefined): EtaPlacement {
  // Draw the same numbers on every path, so one shipment's choice never shifts the next one's.
  const [roll, spread, fraction] = [rng.next(), rng.next(), rng.next()];
  if (shape?.etaDaysBeforeCutoff !== undefined) return { kind: 'before-cutoff', days: shape.etaDaysBeforeCutoff };
  if (shape?.etaDays !== undefined) return { kind: 'days', days: shape.etaDays };
  const [from, to] = etaRange(status);
  // A few more arrivals this week, of shipments still waiting for them.
  if (to >= 7 && roll < 0.12) return { kind: 'days', days: 0.1 + 6.8 * fraction };
  // Booked, not yet sailing: the carrier has not given an ETA.
  if ((status === S.pendingDocuments || status === S.submitted) && roll > 0.8) return { kind: 'unknown' };
  return { kind: 'days', days: from + (to - from) * spread };
}

function etaSortKey(eta: EtaPlacement): number {
  switch (eta.kind) {
    case 'days':
      return eta.days;
    case 'before-cutoff':
      return -10_000 - eta.days;
    case 'unknown':
      return 10_000;
  }
}

function resolveEta(eta: EtaPlacement, now: Date): Date | null {
  const halfHour = HOUR_MS / 2;
  const round = (ms: number) => new Date(Math.round(ms / halfHour) * halfHour);
  switch (eta.kind) {
    case 'days':
      return round(now.getTime() + eta.days * DAY_MS);
    case 'before-cutoff':
      return round(Date.parse(`${SHIPMENT_UPDATES_CUTOFF_DATE}T14:00:00Z`) - eta.days * DAY_MS);
    case 'unknown':
      return null;
  }
}

/**
 * CBP examines or holds cargo that has arrived: an exam's shipment whose ETA was placed ahead
 * arrived half a day to three days ago instead (from a generator of the file's own, so the rest of
 * the demo stays as it was; entry numbers keep following the placement).
 */
function arrivedForExam(eta: Date | null, status: string, fileNumber: string, now: Date): Date | null {
  const latest = now.getTime() - 12 * HOUR_MS;
  if (eta === null || !EXAM_STATUSES.includes(status) || eta.getTime() <= latest) return eta;
  const hours = createRng(hashOf(`${fileNumber} arrival`)).int(0, 60);
  return new Date(Math.round((latest - hours * HOUR_MS) / (HOUR_MS / 2)) * (HOUR_MS / 2));
}

type PlanContext = {
  rng: Rng;
  now: Date;
  profile: CompanyProfile;
  logins: DemoLogin[];
  files: PlannedFile[];
  used: { containers: Set<string>; bills: Set<string> };
  nextInvoiceNo: () => string;
};

/** Who carries a shipment from where to where. */
type Route = {
  mode: TransportMode;
  port: Port;
  terminal: string;
  origin: string;
  line: string;
  vessel: string;
  masterBill: () => string;
  houseBill: () => string;
  containerPrefix: () => string;
};

/** What the entry makes due, in dollars, and the entry itself: none before it is filed. */
type Due = { dollars: number; entry: PlannedEntry | null };

/** What the parts of a shipment's plan share. */
type ShipmentFacts = {
  fileNumber: string;
  accountNo: string;
  status: string;
  isEarly: boolean;
  eta: Date | null;
  /** The ETA, or now when it is unknown: other dates are placed around it. */
  anchor: number;
  reference: string;
  route: Route;
  /** Demo users who may write: everyone but the read-only role. */
  writers: DemoLogin[];
  /** A date no later than an hour ago. */
  past: (ms: number) => Date;
};

function planShipment(context: PlanContext, skeleton: Skeleton, fileNumber: string): PlannedShipment {
  const { rng, now } = context;
  const { status, shape } = skeleton;
  const isLiquidated = status === S.liquidated || (status === S.released && isLiquidatedBy(skeleton.eta));
  const eta = arrivedForExam(resolveEta(skeleton.eta, now), status, fileNumber, now);
  const facts: ShipmentFacts = {
    fileNumber,
    accountNo: skeleton.accountNo,
    status,
    isEarly: EARLY_STATUSES.includes(status),
    eta,
    anchor: eta?.getTime() ?? now.getTime(),
    reference: rng.chance(0.85) ? `PO-${rng.int(10_000, 99_999)}` : '',
    route: planRoute(rng, context.profile, shape),
    writers: context.logins.filter((login) => login.role !== ROLES.shipmentsInfo),
    past: (ms) => new Date(Math.min(ms, now.getTime() - HOUR_MS)),
  };
  const { anchor, route, past } = facts;

  const containerCount =
    route.mode === 'vesselContainer' ? (shape?.containers ?? randomContainerCount(rng, facts.isEarly)) : 0;
  const masterCount = shape?.masters ?? rng.weighted(facts.isEarly ? MASTER_COUNTS_EARLY : MASTER_COUNTS);
  const houseCount = shape?.houses ?? rng.weighted(HOUSE_COUNTS);
  const bills = [
    ...Array.from({ length: masterCount }, () => ({
      bill_lading: unique(context.used.bills, route.masterBill),
      is_master: true,
    })),
    ...Array.from({ length: houseCount }, () => ({
      bill_lading: unique(context.used.bills, route.houseBill),
      is_master: false,
    })),
  ];
  const transitDays = rng.int(14, 34);
  const plannedContainers = Array.from({ length: containerCount }, () => planContainer(context, facts, transitDays));

  const drawnIsf = shape?.isf ?? isfFor(rng, status);
  // The 10+2 applies to ocean cargo only; the portal reads N\A as nothing left to file.
  const isfKind: IsfKind = route.mode === 'air' ? 'notApplicable' : drawnIsf;
  // Filed one to five days before the first container is loaded abroad, never within 24 hours of it.
  const [isfDays, isfHours] = [rng.int(8, 30), rng.int(0, 23)];
  const loading = anchor - transitDays * DAY_MS;
  const isfDate = past(loading - (1 + (isfDays % 4)) * DAY_MS - isfHours * HOUR_MS);
  const isfNumber = {
    none: null,
    notApplicable: ISF_FILED_BY_CLIENT,
    client: ISF_FILED_BY_CLIENT,
    broker: `ISF-${isfDate.getUTCFullYear()}-${rng.digits(6)}`,
  }[isfKind];

  const documentTypes = planDocumentTypes(rng, status);
  const due: Due = { dollars: 0, entry: null };
  const files = planDocuments(
    context,
    facts,
    {
      submittedTypes: documentTypes.filter((entry) => entry.submitted).map((entry) => entry.type),
      containers: plannedContainers.map((container) => container.container_no),
      bills: bills.map((bill) => bill.bill_lading),
    },
    due,
  );

  const noteCount = rng.chance(0.1) ? rng.int(1, 3) : 0;
  const notes = Array.from({ length: noteCount }, (_, index) => ({
    author: rng.pick(facts.writers),
    comments: rng.pick(NOTE_TEXTS),
    created_at: past(anchor - (6 - index * 2) * DAY_MS).toISOString(),
  }));

  const orders = planOrders(context, facts, shape, { containerCount, bills });
  const ignored = shape?.ignored ?? (orders.length === 0 && status === S.released && rng.chance(0.05));

  const isAfterRelease = AFTER_RELEASE_STATUSES.includes(status);
  // Most shipments are billed once there is something to bill (an entry, or the broker's ISF): the
  // plan's generator draws 85%, 30% and 60%, and one of the file's own the rest, so the rest of the
  // demo stays as it was.
  const [invoiceChance, billingChance] = isAfterRelease ? [0.85, 0.95] : facts.isEarly ? [0.3, 0.8] : [0.6, 0.9];
  const ownRng = createRng(hashOf(`${fileNumber} billing`));
  const invoiceDraws = rng.chance(invoiceChance)
    ? drawInvoice(rng, status)
    : ownRng.chance((billingChance - invoiceChance) / (1 - invoiceChance))
      ? drawInvoice(ownRng, status)
      : null;

  const drawnFda = shape?.fda ?? rng.weighted(FDA_WEIGHTS);
  const documentNote = status === S.pendingDocuments && rng.chance(0.3) ? rng.pick(DOCUMENT_NOTES) : '';
  const comment = rng.chance(0.1) ? rng.pick(BROKER_COMMENTS) : '';
  const drawnDischarge = eta && isAfterRelease ? eta.getTime() + rng.int(4, 36) * HOUR_MS : null;
  const shipmentCreated = past(anchor - (transitDays + 5) * DAY_MS).toISOString();
  const entry = facts.isEarly
    ? null
    : planEntry({
        entryNumber: fileNumber,
        fileNumber,
        enteredValueCents: files.enteredValue * 100,
        mode: route.mode === 'air' ? 'air' : 'ocean',
        portCode: route.port.code,
        origin: route.origin,
        anchor,
        now,
        status,
        isReleased: isAfterRelease,
        isLiquidated,
        fda: drawnFda,
        importerOfRecord: context.profile.importerOfRecord,
      });
  if (entry) due.dollars = entry.dueCents / 100;
  due.entry = entry;
  // No entry filed, no review by FDA.
  const fda = entry?.fdaReview ?? FDA.none;
  // Billed after the entry's date (its release, or the arrival); before it, the broker's ISF alone.
  const entered = entry?.entryDate === null ? null : entry;
  const isfFee = isfKind === 'broker' && route.mode !== 'air' ? [{ label: 'ISF filing fee', amount: 40 }] : [];
  const charges = entered
    ? [
        { label: 'Customs entry fee', amount: invoiceDraws?.entryFee ?? 0 },
        ...isfFee,
        { label: 'Duties and fees advanced', amount: entered.dueCents / 100 },
        ...(invoiceDraws?.examFee ? [{ label: 'CBP exam fee', amount: invoiceDraws.examFee }] : []),
        ...(orders.length > 0 ? [{ label: 'Delivery order handling', amount: 45 * orders.length }] : []),
      ]
    : isfFee;
  const billedFrom = entered ? entered.entryDate : charges.length > 0 ? isfDate.getTime() : null;
  const created = invoiceDraws && billedFrom !== null ? invoiceDate(billedFrom, invoiceDraws.daysAfter, now) : null;
  const invoice =
    invoiceDraws && created
      ? planInvoice(context, facts, {
          containers: plannedContainers.map((container) => container.container_no),
          created,
          charges,
          paidRoll: invoiceDraws.paidRoll,
          hasBackup: invoiceDraws.hasBackup,
        })
      : null;

  // One discharge and one gate-out a container: its free days and its tracking events tell the same.
  const freeDays = planFreeDays({
    fileNumber,
    containers: plannedContainers,
    eta,
    now,
    isReleased: isAfterRelease || status === S.itShipment,
    isHeld: EXAM_STATUSES.includes(status),
  });
  const containers = plannedContainers.map((container, index) => ({
    container_no: container.container_no,
    tracking_info: JSON.stringify(trackingEvents(container, freeDays.times[index], route, now)),
  }));
  const firstDischarge = Math.min(...freeDays.times.flatMap((times) => (times.discharged ? [times.discharged] : [])));
  const dischargedAt =
    drawnDischarge === null ? null : Number.isFinite(firstDischarge) ? firstDischarge : drawnDischarge;
  const discharge = dischargedAt === null ? null : timestampText(Math.round(dischargedAt / 60_000) * 60_000);

  return {
    accountNo: facts.accountNo,
    row: {
      file_number: fileNumber,
      customer_reference_no: facts.reference,
      status: isLiquidated ? S.liquidated : status,
      isf_transaction_no: isfNumber,
      isf_submit_date: isfNumber === null || isfKind === 'notApplicable' ? null : isfDate.toISOString(),
      est_time_arrive: eta ? timestampText(eta.getTime()) : null,
      shipment_discharge_date: discharge,
      fda_review: fda,
      origin: route.origin,
      destination_terminal: route.terminal,
      steamship_line: route.line,
      vessel_name: route.vessel,
      unlading_code: route.port.code,
      unlading_name: route.port.name,
      transport_mode: TRANSPORT_MODES[route.mode].code,
      transport_mode_description: TRANSPORT_MODES[route.mode].description,
      document_note: documentNote,
      comment,
      path_to_7501: files.pathTo7501,
      reviewed_7501: files.reviewed7501,
      ignored_shipment: ignored,
      created_at: shipmentCreated,
      updated_at: shipmentCreated,
    },
    containers,
    bills,
    documentTypes,
    documents: files.documents,
    notes,
    orders,
    acts: {
      // From a generator of the file's own, so the rest of the demo stays as it was.
      isfFiler: isfKind === 'client' ? createRng(hashOf(`${fileNumber} isf`)).pick(facts.writers).email : null,
      reviewer: files.reviewer,
    },
    invoice,
    entry: entry?.records ?? [],
    freeDays: { records: freeDays.records, moved: freeDays.moved },
  };
}

function planRoute(rng: Rng, profile: CompanyProfile, shape: Shape | undefined): Route {
  const mode = transportMode(rng, shape);
  const port = mode === 'air' ? profile.airport : rng.weighted(profile.ports.map((p) => [p, p.share] as const));
  const terminal = rng.pick(port.terminals);
  if (mode === 'air') {
    const airline = rng.pick(AIRLINES.filter((each) => each.flights[port.code]));
    return {
      mode,
      port,
      terminal,
      origin: airline.origin,
      line: airline.name,
      vessel: rng.pick(airline.flights[port.code]!),
      masterBill: () => airWaybill(rng, airline.awbPrefix),
      houseBill: () => `HAWB-${rng.digits(6)}`,
      containerPrefix: () => '',
    };
  }
  const carrier = mode === 'vesselContainer' ? rng.pick(profile.carriers) : BREAKBULK_CARRIER;
  return {
    mode,
    port,
    terminal,
    origin: rng.pick(profile.origins),
    line: carrier.name,
    vessel: rng.pick(carrier.vessels),
    masterBill: () => `${carrier.scac}${rng.digits(9)}`,
    houseBill: () => `HBL-${rng.int(10_000, 99_999)}`,
    containerPrefix: () => (rng.chance(0.25) ? rng.pick(LESSOR_PREFIXES) : rng.pick(carrier.containerPrefixes)),
  };
}

/** The numbers an invoice is made of: the days after its entry, the fees, whether paid and with a backup. */
function drawInvoice(rng: Rng, status: string) {
  return {
    daysAfter: 1 + rng.next() * 29,
    entryFee: rng.int(125, 195),
    examFee: EXAM_STATUSES.includes(status) ? rng.int(350, 1_200) : 0,
    paidRoll: rng.next(),
    hasBackup: rng.chance(0.2),
  };
}

/** A container's number, and when it was loaded abroad: null for a container the line reports nothing of. */
type PlannedContainer = { container_no: string; loaded: number | null };

function planContainer(
  context: PlanContext,
  { eta, anchor, route }: ShipmentFacts,
  transitDays: number,
): PlannedContainer {
  const { rng } = context;
  const prefix = route.containerPrefix();
  const containerNo = unique(context.used.containers, () => containerNumber(prefix, rng.digits(6)));
  const hasEvents = rng.chance(0.85);
  // Discharge, availability and gate-out come from the free days (demo-free-days.ts); these three
  // draws are kept so the rest of the demo stays as it was.
  const [loadHours] = [rng.next(), rng.next(), rng.next(), rng.next()];
  if (!eta || !hasEvents) return { container_no: containerNo, loaded: null };
  return { container_no: containerNo, loaded: anchor - transitDays * DAY_MS + loadHours * 12 * HOUR_MS };
}

/** A container's events as the line and the terminal report them, the same times as its free days. */
function trackingEvents(container: PlannedContainer, times: ContainerTimes | undefined, route: Route, now: Date) {
  if (container.loaded === null) return [];
  const terminal = `${route.port.name} (${route.terminal})`;
  const events: TrackingEvent[] = [
    { location: route.origin, type: 'Loaded on vessel', date: isoDate(container.loaded) },
    { location: route.origin, type: 'Vessel departed', date: isoDate(container.loaded + 20 * HOUR_MS) },
  ];
  if (times?.discharged) events.push({ location: terminal, type: 'Discharged', date: isoDate(times.discharged) });
  if (times?.available)
    events.push({ location: terminal, type: 'Available for pickup', date: isoDate(times.available) });
  if (times?.gatedOut) events.push({ location: terminal, type: 'Gate out', date: isoDate(times.gatedOut) });
  return events.filter((event) => Date.parse(event.date) <= now.getTime());
}

/** The four tracked types are required; a pending shipment misses at least one, a later one none. */
function planDocumentTypes(rng: Rng, status: string): PlannedShipment['documentTypes'] {
  const missing = rng.int(0, REQUIRED_TYPES.length - 1);
  const types = REQUIRED_TYPES.map((type, index) => {
    const ticked = rng.chance(0.5);
    const submitted =
      status === S.pendingDocuments ? ticked && index !== missing : status === UNLISTED_STATUS ? ticked : true;
    return { type, required: true, submitted };
  });
  const [optionalType, optionalSubmitted] = [rng.pick(OPTIONAL_TYPES), rng.chance(0.5)];
  if (rng.chance(0.15)) types.push({ type: optionalType, required: false, submitted: optionalSubmitted });
  return types;
}

/** The client's uploads, the broker's 7501 (reviewed, sometimes signed) and additional files. */
function planDocuments(
  context: PlanContext,
  facts: ShipmentFacts,
  shipment: { submittedTypes: string[]; containers: string[]; bills: string[] },
  /** The entry and what it makes due, known once the shipment is planned: the 7501 shows them. */
  due: Due,
): {
  documents: PlannedDocument[];
  pathTo7501: string | null;
  reviewed7501: boolean;
  reviewer: { email: string; at: string } | null;
  duty: number | null;
  enteredValue: number;
} {
  const { rng, profile } = context;
  const { fileNumber, accountNo, reference, anchor, route, past } = facts;
  const documents: PlannedDocument[] = [];
  const file = (render: () => Promise<Uint8Array>) => {
    const key = newStorageKey('documents', 'pdf');
    context.files.push({ key, render });
    return key;
  };
  const pdf = { fileNumber, accountNo, reference, containers: shipment.containers };
  const uploader = rng.pick(facts.writers);

  const uploadCount = rng.chance(0.12) ? rng.int(1, 3) : 0;
  const uploaded = past(anchor - (3 + rng.next() * 10) * DAY_MS).toISOString();
  for (const type of rng.shuffle(shipment.submittedTypes).slice(0, uploadCount)) {
    documents.push({
      document_type: type,
      path: file(() => shipmentDocumentPdf({ ...pdf, title: type, note: `Uploaded by ${uploader.name}` })),
      original_name: `${type} ${reference || fileNumber}.pdf`,
      content_type: 'application/pdf',
      supplementary: false,
      uploadedBy: uploader.email,
      created_at: uploaded,
    });
  }

  const has7501 = !facts.isEarly && rng.chance(0.45);
  const [reviewed, signed] = [rng.chance(0.6), rng.chance(0.25)];
  const enteredValue = rng.int(8_000, 240_000);
  const duty = Math.round(enteredValue * (0.02 + rng.next() * 0.2) * 100) / 100;
  due.dollars = duty;
  const filed = past(anchor + rng.int(1, 5) * DAY_MS);
  const pathTo7501 = has7501
    ? file(() => {
        const { entry, lines } = due.entry!;
        const dateOf = (text: string | null | undefined) => (text && displayDay(text)) || 'Not yet';
        const dollars = (amount: string | null | undefined) => amountToCents(amount ?? '0') / 100;
        const dutyCents = lines.reduce((sum, line) => sum + amountToCents(line.duty ?? '0'), 0);
        return entrySummaryPdf({
          entryNumber: fileNumber,
          entryType: `${entry.entry_type} ${ENTRY_TYPES[entry.entry_type as keyof typeof ENTRY_TYPES]}`,
          summaryDate: dateOf(entry.summary_date),
          bondType: entry.bond_type === 'single' ? '9 Single transaction' : '8 Continuous',
          portOfEntry: `${route.port.code} ${route.port.name}`,
          entryDate: dateOf(entry.entry_date),
          carrier: route.vessel,
          transportMode: `${TRANSPORT_MODES[route.mode].code} ${TRANSPORT_MODES[route.mode].description}`,
          countryOfOrigin: entry.country_of_origin ?? '',
          countryOfExport: entry.country_of_export ?? '',
          importDate: (facts.eta && displayDay(timestampText(facts.eta.getTime()))) ?? 'Not available',
          billsOfLading: shipment.bills,
          portOfUnlading: `${route.port.code} ${route.port.name}`,
          importer: `${profile.name}, ${entry.importer_of_record}`,
          accountNo,
          containers: shipment.containers,
          lines: lines.map((line) => ({
            lineNumber: line.line_number,
            hts: formatHtsNumber(line.hts_number ?? ''),
            description: line.description ?? '',
            rate: line.duty_rate ?? '',
            enteredValue: dollars(line.entered_value),
            duty: dollars(line.duty),
          })),
          duty: dutyCents / 100,
          otherFees: due.dollars - dutyCents / 100,
        });
      })
    : null;
  if (pathTo7501) {
    documents.push({
      document_type: DOCUMENT_TYPES.form7501,
      path: pathTo7501,
      original_name: `7501 ${fileNumber}.pdf`,
      content_type: 'application/pdf',
      supplementary: false,
      uploadedBy: null,
      created_at: filed.toISOString(),
    });
  }
  if (pathTo7501 && reviewed && signed) {
    documents.push({
      document_type: DOCUMENT_TYPES.form7501Signed,
      path: file(() =>
        shipmentDocumentPdf({ ...pdf, title: 'CBP Form 7501 (signed)', note: `Signed by ${uploader.name}` }),
      ),
      original_name: `7501 ${fileNumber} signed.pdf`,
      content_type: 'application/pdf',
      supplementary: false,
      uploadedBy: uploader.email,
      created_at: past(filed.getTime() + DAY_MS).toISOString(),
    });
  }

  const supplementaryTitle = rng.pick(SUPPLEMENTARY_TITLES);
  if (!facts.isEarly && rng.chance(0.08)) {
    documents.push({
      document_type: '',
      path: file(() => shipmentDocumentPdf({ ...pdf, title: supplementaryTitle, note: 'Sent by your broker' })),
      original_name: `${supplementaryTitle} ${fileNumber}.pdf`,
      content_type: 'application/pdf',
      supplementary: true,
      uploadedBy: null,
      created_at: past(anchor + 2 * DAY_MS).toISOString(),
    });
  }
  return {
    documents,
    pathTo7501,
    reviewed7501: has7501 && reviewed,
    // Reviewed the day it was filed, before any signed copy went up.
    reviewer:
      has7501 && reviewed ? { email: uploader.email, at: past(filed.getTime() + 20 * HOUR_MS).toISOString() } : null,
    duty: has7501 ? duty : null,
    enteredValue,
  };
}

const MASTER_COUNTS: ReadonlyArray<readonly [number, number]> = [
  [1, 83],
  [2, 12],
  [3, 3],
  [4, 2],
];
const MASTER_COUNTS_EARLY: ReadonlyArray<readonly [number, number]> = [[0, 6], ...MASTER_COUNTS];
const HOUSE_COUNTS: ReadonlyArray<readonly [number, number]> = [
  [0, 40],
  [1, 42],
  [2, 10],
  [3, 5],
  [5, 3],
];
const FDA_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  [FDA.none, 75],
  [FDA.mayProceed, 16],
  [FDA.exam, 4],
  [FDA.hold, 3],
  [FDA.refused, 2],
];

function transportMode(rng: Rng, shape: Shape | undefined): TransportMode {
  const roll = rng.next();
  if (shape?.mode) return shape.mode;
  if (shape) return shape.containers > 0 ? 'vesselContainer' : roll < 0.5 ? 'air' : 'vesselNonContainer';
  return roll < 0.07 ? 'air' : roll < 0.1 ? 'vesselNonContainer' : 'vesselContainer';
}

/** Until the carrier names them, an early shipment may have no containers yet. */
function randomContainerCount(rng: Rng, isEarly: boolean): number {
  const roll = rng.next();
  const many = rng.int(3, 6);
  if (isEarly && roll < 0.1) return 0;
  return roll < 0.55 ? 1 : roll < 0.78 ? 2 : many;
}

function isfFor(rng: Rng, status: string): IsfKind {
  const roll = rng.next();
  if (status === S.pendingDocuments) return roll < 0.3 ? 'none' : roll < 0.5 ? 'client' : 'broker';
  if (status === S.submitted) return roll < 0.25 ? 'none' : roll < 0.45 ? 'client' : 'broker';
  if (status === UNLISTED_STATUS) return roll < 0.5 ? 'none' : 'broker';
  return roll < 0.2 ? 'client' : 'broker';
}

/** A quarter or so of the shipments with containers and bills get delivery orders. */
function planOrders(
  context: PlanContext,
  facts: ShipmentFacts,
  shape: Shape | undefined,
  shipment: { containerCount: number; bills: ReadonlyArray<{ is_master: boolean }> },
): PlannedOrder[] {
  const { rng, profile } = context;
  const { containerCount, bills } = shipment;
  const { status, past } = facts;
  const chance = status === S.pendingDocuments ? 0.1 : status === S.submitted ? 0.15 : 0.3;
  const [roll, twoRoll, allRoll] = [rng.next(), rng.next(), rng.next()];
  const shuffled = rng.shuffle(Array.from({ length: containerCount }, (_, index) => index));
  const split = rng.int(1, Math.max(1, containerCount - 1));
  if (containerCount === 0 || bills.length === 0 || shape?.ignored) return [];

  const count = shape?.orders ?? (roll >= chance ? 0 : containerCount >= 2 && twoRoll < 0.12 ? 2 : 1);
  if (count === 0) return [];
  // Two orders never share a container: the second takes what the first left.
  const containerSets =
    count === 2 && containerCount >= 2
      ? [shuffled.slice(0, split), shuffled.slice(split)]
      : [allRoll < 0.7 ? shuffled : shuffled.slice(0, split)];

  const masters = bills.flatMap((bill, index) => (bill.is_master ? [index] : []));
  const houses = bills.flatMap((bill, index) => (bill.is_master ? [] : [index]));
  const activeTruckers = indexesWhere(profile.truckers, (trucker) => !trucker.inactive && !trucker.deleted);
  const activeWarehouses = indexesWhere(profile.warehouses, (warehouse) => !warehouse.inactive && !warehouse.deleted);

  return containerSets.map((containers, index) => {
    const house = houses.length > 0 ? houses[index % houses.length] : undefined;
    const created = past(facts.anchor - 3 * DAY_MS + rng.next() * 4 * DAY_MS - HOUR_MS).getTime();
    const approved = rng.chance(0.5);
    const approvedAt = past(created + rng.int(2, 30) * HOUR_MS).getTime();
    return {
      trucker: rng.pick(activeTruckers),
      warehouse: rng.pick(activeWarehouses),
      containers: [...containers].sort((a, b) => a - b),
      bills: house === undefined ? masters : [...masters, house],
      reference_number: facts.reference,
      note: rng.pick(ORDER_NOTES),
      path: null,
      createdBy: rng.pick(facts.writers).email,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created).toISOString(),
      approvedAt: approved ? new Date(approvedAt).toISOString() : null,
    };
  });
}

/**
 * When a shipment's invoice was issued: some time in the month after the entry's date (its release,
 * or the arrival), or after the ISF for an ISF billed alone; none while that is still to come. A
 * brokerage bills every day, not all at the moment the data was made: on any day of the year no day
 * holds more than about 4% of the demo's invoices.
 */
function invoiceDate(from: number, daysAfter: number, now: Date): Date | null {
  const planned = from + daysAfter * DAY_MS;
  return planned <= now.getTime() - HOUR_MS ? new Date(planned) : null;
}

function planInvoice(
  context: PlanContext,
  { fileNumber, accountNo }: ShipmentFacts,
  invoice: {
    containers: string[];
    created: Date;
    charges: Charge[];
    paidRoll: number;
    hasBackup: boolean;
  },
): PlannedInvoice {
  const { now, profile } = context;
  const { hasBackup } = invoice;
  const invoiceNumber = context.nextInvoiceNo();
  const ageDays = (now.getTime() - invoice.created.getTime()) / DAY_MS;
  // Most customers pay within a month or two of the due date; a few invoices stay open for long.
  const isPaid = invoice.paidRoll < (ageDays > 90 ? 0.96 : ageDays > 45 ? 0.8 : ageDays > 15 ? 0.5 : 0.15);
  const due = new Date(invoice.created.getTime() + 30 * DAY_MS);
  const details = { invoiceNumber, fileNumber, accountNo };

  const path = newStorageKey('invoices', 'pdf');
  context.files.push({
    key: path,
    render: () =>
      invoicePdf({
        ...details,
        billTo: profile.name,
        issued: displayDate(invoice.created, DEFAULT_TIME_ZONE),
        due: displayDate(due, DEFAULT_TIME_ZONE),
        containers: invoice.containers,
        charges: invoice.charges,
      }),
  });
  let backup: string | null = null;
  if (hasBackup) {
    backup = newStorageKey('invoices', 'pdf');
    const receipts = invoice.charges.filter((charge) => charge.label !== 'Customs entry fee');
    context.files.push({
      key: backup,
      render: () => invoiceBackupPdf({ ...details, receipts: receipts.length > 0 ? receipts : invoice.charges }),
    });
  }
  return {
    proper_name: profile.name,
    file_number: fileNumber,
    is_paid: isPaid,
    path,
    backup,
    created_at: invoice.created.toISOString(),
    charges: invoice.charges,
  };
}

function indexesWhere<T>(items: readonly T[], predicate: (item: T) => boolean): number[] {
  return items.flatMap((item, index) => (predicate(item) ? [index] : []));
}
