import type { Insertable, Transaction } from 'kysely';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@clearport/contract/statuses';
import { DOCUMENT_TYPES, TRACKED_DOCUMENT_ABBREVIATIONS } from '@clearport/contract/documents';
import { ROLES, type Role } from '@clearport/contract/roles';
import { ACTIVE_STATUS, SHIPMENT_UPDATES_CUTOFF_DATE } from '@clearport/contract/constants';
import type { Db } from '../db/connect.ts';
import type {
  BillsOfLadingTable,
  ContainersTable,
  Database,
  DeliveryOrdersTable,
  DocumentsTable,
  InvoicesTable,
  ShipmentsTable,
  TrackingEvent,
} from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { approveDeliveryOrder } from '../modules/delivery-orders/delivery-order-approval.ts';
import { newStorageKey, type Storage } from '../lib/storage.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { entrySummaryPdf, invoiceBackupPdf, invoicePdf, shipmentDocumentPdf } from './demo-pdfs.ts';

/**
 * The demo brokerage the server creates on first start: two client companies with users,
 * shipments in every state of spec section 4, files, delivery orders and invoices.
 *
 * Everything is drawn from one seeded generator, so every run makes the same data; only the
 * dates move, placed relative to now so that each date filter of the list finds shipments.
 */

export const DEMO_PASSWORD = 'portal-demo';

export type DemoLogin = { email: string; role: Role; name: string; company: string; accounts: string[] };

const DEMO_IMPORTS = 'Demo Imports LLC';
const OTHER_TRADING = 'Other Trading Co';

export const DEMO_LOGINS: readonly DemoLogin[] = [
  {
    email: 'primary@demo.test',
    role: ROLES.primary,
    name: 'Maria Delgado',
    company: DEMO_IMPORTS,
    accounts: ['40001', '40002', '40003'],
  },
  {
    email: 'manager@demo.test',
    role: ROLES.manager,
    name: 'James Whitfield',
    company: DEMO_IMPORTS,
    accounts: ['40001', '40002', '40003'],
  },
  { email: 'user@demo.test', role: ROLES.user, name: 'Priya Raman', company: DEMO_IMPORTS, accounts: ['40001'] },
  {
    email: 'viewer@demo.test',
    role: ROLES.shipmentsInfo,
    name: 'Tom Becker',
    company: DEMO_IMPORTS,
    accounts: ['40001', '40002'],
  },
  {
    email: 'primary@other.test',
    role: ROLES.primary,
    name: 'Linda Chen',
    company: OTHER_TRADING,
    accounts: ['70001'],
  },
];

/** scrypt takes about half a second, so every demo user of the process shares one hash. */
let demoPasswordHash: Promise<string> | undefined;

function hashDemoPassword(): Promise<string> {
  demoPasswordHash ??= hashPassword(DEMO_PASSWORD).catch((error: unknown) => {
    demoPasswordHash = undefined;
    throw error;
  });
  return demoPasswordHash;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const company = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return company === undefined;
}

export type SeedOptions = {
  /** Shipments of each company; by default 300 for Demo Imports and 120 for Other Trading. */
  shipmentsPerCompany?: number;
};

/**
 * Writes the files first, then inserts every row in one transaction: a failure leaves no
 * half-made brokerage behind (only unreferenced files).
 */
export async function seedDemoData(db: Db, storage: Storage, options: SeedOptions = {}): Promise<void> {
  const plan = planDemo(new Date(), options);
  // scrypt runs on libuv's thread pool, alongside the PDFs rendered here.
  const [passwordHash, sizes] = await Promise.all([hashDemoPassword(), writeFiles(storage, plan.files)]);
  await db.transaction().execute(async (trx) => insertPlan(trx, plan, passwordHash, sizes));
  await seedDemoBilling(db, storage);
}

// ---------------------------------------------------------------------------------------------
// The companies

type Port = { code: string; name: string; terminals: readonly string[]; share: number };
type Carrier = { name: string; scac: string; containerPrefixes: readonly string[]; vessels: readonly string[] };
type Airline = { name: string; awbPrefix: string; flights: readonly string[]; origin: string };
type TruckerSeed = { name: string; phone: string; email: string; cc: string[]; inactive?: boolean; deleted?: boolean };
type WarehouseSeed = {
  name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  contact: string;
  email: string;
  inactive?: boolean;
  deleted?: boolean;
};

type CompanyProfile = {
  name: string;
  /** Starts each entry number, so a test can tell the companies' shipments apart. */
  entryPrefix: string;
  firstEntryNo: number;
  defaultShipments: number;
  accounts: ReadonlyArray<{ accountNo: string; name: string; documentTracking: boolean; share: number }>;
  ports: readonly Port[];
  airport: Port;
  origins: readonly string[];
  carriers: readonly Carrier[];
  truckers: readonly TruckerSeed[];
  warehouses: readonly WarehouseSeed[];
  /** table_number 0 documents, 1 invoice, 2 7501, 3 delivery. */
  notificationEmails: ReadonlyArray<{ email: string; cc: string[] }>;
};

const CARRIERS = {
  maersk: {
    name: 'Maersk',
    scac: 'MAEU',
    containerPrefixes: ['MAEU', 'MSKU', 'MRKU'],
    vessels: ['MAERSK ESSEN', 'MAERSK ELBA', 'MAERSK KENSINGTON'],
  },
  msc: {
    name: 'MSC',
    scac: 'MEDU',
    containerPrefixes: ['MSCU', 'MEDU'],
    vessels: ['MSC GULSUN', 'MSC TINA', 'MSC ANNA'],
  },
  cma: {
    name: 'CMA CGM',
    scac: 'CMDU',
    containerPrefixes: ['CMAU', 'CGMU'],
    vessels: ['CMA CGM JACQUES SAADE', 'CMA CGM MARCO POLO', 'APL CHANGI'],
  },
  cosco: {
    name: 'COSCO Shipping',
    scac: 'COSU',
    containerPrefixes: ['CSNU', 'CBHU'],
    vessels: ['COSCO SHIPPING UNIVERSE', 'COSCO PRIDE', 'COSCO FRANCE'],
  },
  evergreen: {
    name: 'Evergreen',
    scac: 'EGLV',
    containerPrefixes: ['EGHU', 'EISU', 'EMCU'],
    vessels: ['EVER ACE', 'EVER GIVEN', 'EVER LOTUS'],
  },
  one: {
    name: 'Ocean Network Express',
    scac: 'ONEY',
    containerPrefixes: ['ONEU'],
    vessels: ['ONE APUS', 'ONE STORK', 'ONE HARMONY'],
  },
  yangMing: {
    name: 'Yang Ming',
    scac: 'YMLU',
    containerPrefixes: ['YMLU', 'YMMU'],
    vessels: ['YM WARRANTY', 'YM WELLNESS'],
  },
  hapag: {
    name: 'Hapag-Lloyd',
    scac: 'HLCU',
    containerPrefixes: ['HLXU', 'HLBU'],
    vessels: ['BERLIN EXPRESS', 'HAMBURG EXPRESS', 'AL ZUBARA'],
  },
  zim: {
    name: 'ZIM',
    scac: 'ZIMU',
    containerPrefixes: ['ZIMU', 'ZCSU'],
    vessels: ['ZIM KINGSTON', 'ZIM SAMMY OFER'],
  },
} satisfies Record<string, Carrier>;

/** Leasing companies' boxes travel with every line. */
const LESSOR_PREFIXES = ['TGHU', 'TCNU', 'TRHU', 'FCIU', 'SEGU', 'BMOU'];

const BREAKBULK_CARRIER: Carrier = {
  name: 'BBC Chartering',
  scac: 'BBCH',
  containerPrefixes: [],
  vessels: ['BBC OREGON', 'BBC EMS', 'BBC AMAZON'],
};

const AIRLINES: readonly Airline[] = [
  { name: 'Cathay Pacific Cargo', awbPrefix: '160', flights: ['CX 880', 'CX 096'], origin: 'Hong Kong, China' },
  { name: 'Korean Air Cargo', awbPrefix: '180', flights: ['KE 017', 'KE 081'], origin: 'Incheon, South Korea' },
  { name: 'Lufthansa Cargo', awbPrefix: '020', flights: ['LH 8160', 'LH 400'], origin: 'Frankfurt, Germany' },
  { name: 'China Airlines Cargo', awbPrefix: '297', flights: ['CI 5148', 'CI 5254'], origin: 'Taipei, Taiwan' },
];

/** CBP transport mode codes (CBP Form 7501, block 10). */
const TRANSPORT_MODES = {
  vesselNonContainer: { code: '10', description: 'Vessel, non-container' },
  vesselContainer: { code: '11', description: 'Vessel, container' },
  air: { code: '40', description: 'Air, non-container' },
} as const;

type TransportMode = keyof typeof TRANSPORT_MODES;

const COMPANIES: readonly CompanyProfile[] = [
  {
    name: DEMO_IMPORTS,
    entryPrefix: 'DMI',
    firstEntryNo: 4_120_000,
    defaultShipments: 300,
    accounts: [
      { accountNo: '40001', name: 'Demo Imports LLC', documentTracking: false, share: 0.55 },
      { accountNo: '40002', name: 'Demo Imports LLC - Home Goods', documentTracking: false, share: 0.25 },
      { accountNo: '40003', name: 'Demo Imports LLC - Retail Program', documentTracking: true, share: 0.2 },
    ],
    ports: [
      {
        code: '2704',
        name: 'Los Angeles, CA',
        share: 0.4,
        terminals: ['APM Terminals Pier 400', 'Fenix Marine Services', 'Yusen Terminals (YTI)', 'TraPac Los Angeles'],
      },
      {
        code: '2709',
        name: 'Long Beach, CA',
        share: 0.35,
        terminals: ['Long Beach Container Terminal', 'Total Terminals International', 'SSA Terminals Pier A'],
      },
      {
        code: '2811',
        name: 'Oakland, CA',
        share: 0.1,
        terminals: ['Oakland International Container Terminal', 'TraPac Oakland'],
      },
      { code: '3001', name: 'Seattle, WA', share: 0.08, terminals: ['SSA Terminal 18', 'Terminal 5'] },
      { code: '5301', name: 'Houston, TX', share: 0.07, terminals: ['Barbours Cut Terminal', 'Bayport Terminal'] },
    ],
    airport: { code: '2720', name: 'Los Angeles International Airport, CA', share: 1, terminals: ['LAX Cargo Center'] },
    origins: [
      'Shanghai, China',
      'Ningbo, China',
      'Yantian, China',
      'Qingdao, China',
      'Busan, South Korea',
      'Kaohsiung, Taiwan',
      'Ho Chi Minh City, Vietnam',
      'Haiphong, Vietnam',
      'Laem Chabang, Thailand',
      'Port Klang, Malaysia',
    ],
    carriers: [
      CARRIERS.maersk,
      CARRIERS.msc,
      CARRIERS.cma,
      CARRIERS.cosco,
      CARRIERS.evergreen,
      CARRIERS.one,
      CARRIERS.yangMing,
      CARRIERS.hapag,
    ],
    truckers: [
      {
        name: 'Harbor Express Drayage',
        phone: '(310) 555-0142',
        email: 'dispatch@harborexpress.test',
        cc: ['ops@harborexpress.test'],
      },
      { name: 'Pacific Coast Cartage', phone: '(562) 555-0117', email: 'dispatch@paccoastcartage.test', cc: [] },
      {
        name: 'Golden State Intermodal',
        phone: '(909) 555-0183',
        email: 'orders@gsintermodal.test',
        cc: ['tracking@gsintermodal.test', 'billing@gsintermodal.test', 'sam.ortiz@gsintermodal.test'],
      },
      {
        name: 'SoCal Container Transport',
        phone: '(424) 555-0160',
        email: 'dispatch@socalcontainer.test',
        cc: ['nightshift@socalcontainer.test', 'ar@socalcontainer.test'],
      },
      {
        name: 'Port Logistics Trucking',
        phone: '(310) 555-0199',
        email: 'ops@portlogistics.test',
        cc: [],
        inactive: true,
      },
      {
        name: 'Bayside Transport',
        phone: '(510) 555-0124',
        email: 'dispatch@baysidetransport.test',
        cc: ['ops@baysidetransport.test'],
        deleted: true,
      },
    ],
    warehouses: [
      {
        name: 'Carson Distribution Center',
        phone: '(310) 555-0171',
        address: '2250 E Dominguez St',
        city: 'Carson',
        state: 'CA',
        zip: '90810',
        contact: 'Luis Ortega',
        email: 'receiving.carson@demoimports.test',
      },
      {
        name: 'Ontario Fulfillment Center',
        phone: '(909) 555-0138',
        address: '4100 E Mission Blvd',
        city: 'Ontario',
        state: 'CA',
        zip: '91761',
        contact: 'Dana Kim',
        email: 'dock.ontario@demoimports.test',
      },
      {
        name: 'Fontana Cross-Dock',
        phone: '(909) 555-0156',
        address: '10681 Production Ave',
        city: 'Fontana',
        state: 'CA',
        zip: '92337',
        contact: 'Marcus Hill',
        email: 'crossdock@fontana3pl.test',
      },
      {
        name: 'Dallas Regional Warehouse',
        phone: '(214) 555-0109',
        address: '4800 Mountain Creek Pkwy',
        city: 'Dallas',
        state: 'TX',
        zip: '75236',
        contact: 'Angela Brooks',
        email: 'receiving.dallas@demoimports.test',
        inactive: true,
      },
      {
        name: 'Reno Overflow Storage',
        phone: '(775) 555-0147',
        address: '1350 Greg St',
        city: 'Sparks',
        state: 'NV',
        zip: '89431',
        contact: 'Ken Adams',
        email: 'overflow@renostorage.test',
        deleted: true,
      },
    ],
    notificationEmails: [
      { email: 'docs@demoimports.test', cc: ['maria.delgado@demoimports.test'] },
      { email: 'ap@demoimports.test', cc: [] },
      { email: 'compliance@demoimports.test', cc: ['james.whitfield@demoimports.test', 'legal@demoimports.test'] },
      {
        email: 'logistics@demoimports.test',
        cc: ['receiving.carson@demoimports.test', 'dock.ontario@demoimports.test', 'priya.raman@demoimports.test'],
      },
    ],
  },
  {
    name: OTHER_TRADING,
    entryPrefix: 'OTC',
    firstEntryNo: 6_580_000,
    defaultShipments: 120,
    accounts: [{ accountNo: '70001', name: 'Other Trading Co', documentTracking: false, share: 1 }],
    ports: [
      {
        code: '4601',
        name: 'Newark, NJ',
        share: 0.55,
        terminals: ['Port Newark Container Terminal', 'Maher Terminals', 'APM Terminals Elizabeth'],
      },
      { code: '1001', name: 'New York, NY', share: 0.15, terminals: ['Red Hook Container Terminal'] },
      { code: '1703', name: 'Savannah, GA', share: 0.2, terminals: ['Garden City Terminal'] },
      { code: '1601', name: 'Charleston, SC', share: 0.1, terminals: ['Wando Welch Terminal', 'Leatherman Terminal'] },
    ],
    airport: {
      code: '4701',
      name: 'John F. Kennedy International Airport, NY',
      share: 1,
      terminals: ['JFK Building 151'],
    },
    origins: [
      'Rotterdam, Netherlands',
      'Hamburg, Germany',
      'Antwerp, Belgium',
      'Valencia, Spain',
      'Genoa, Italy',
      'Nhava Sheva, India',
      'Istanbul, Turkey',
      'Ningbo, China',
      'Ho Chi Minh City, Vietnam',
    ],
    carriers: [CARRIERS.msc, CARRIERS.maersk, CARRIERS.hapag, CARRIERS.cma, CARRIERS.zim, CARRIERS.one],
    truckers: [
      {
        name: 'Garden State Drayage',
        phone: '(973) 555-0131',
        email: 'dispatch@gardenstatedrayage.test',
        cc: ['ops@gardenstatedrayage.test'],
      },
      { name: 'Port Newark Cartage', phone: '(973) 555-0165', email: 'orders@pncartage.test', cc: [] },
      {
        name: 'Tri-State Container Transport',
        phone: '(201) 555-0188',
        email: 'dispatch@tristatecontainer.test',
        cc: ['track@tristatecontainer.test', 'billing@tristatecontainer.test'],
      },
      {
        name: 'Liberty Harbor Trucking',
        phone: '(201) 555-0102',
        email: 'ops@libertyharbor.test',
        cc: [],
        inactive: true,
      },
      {
        name: 'Meadowlands Haulers',
        phone: '(201) 555-0177',
        email: 'dispatch@meadowlandshaulers.test',
        cc: ['ops@meadowlandshaulers.test', 'ar@meadowlandshaulers.test', 'night@meadowlandshaulers.test'],
        deleted: true,
      },
    ],
    warehouses: [
      {
        name: 'Edison Distribution Center',
        phone: '(732) 555-0121',
        address: '300 Raritan Center Pkwy',
        city: 'Edison',
        state: 'NJ',
        zip: '08837',
        contact: 'Frank Russo',
        email: 'receiving@othertrading.test',
      },
      {
        name: 'Secaucus Cross-Dock',
        phone: '(201) 555-0154',
        address: '500 Meadowlands Pkwy',
        city: 'Secaucus',
        state: 'NJ',
        zip: '07094',
        contact: 'Gloria Vega',
        email: 'crossdock@secaucus3pl.test',
      },
      {
        name: 'Allentown Fulfillment',
        phone: '(610) 555-0143',
        address: '7150 Industrial Blvd',
        city: 'Allentown',
        state: 'PA',
        zip: '18106',
        contact: 'Derek Walsh',
        email: 'dock@allentownfulfillment.test',
      },
      {
        name: 'Bronx Terminal Warehouse',
        phone: '(718) 555-0119',
        address: '650 Food Center Dr',
        city: 'Bronx',
        state: 'NY',
        zip: '10474',
        contact: 'Nia Johnson',
        email: 'bronx@othertrading.test',
        inactive: true,
      },
      {
        name: 'Savannah Gateway Storage',
        phone: '(912) 555-0186',
        address: '1 Crossroads Pkwy',
        city: 'Savannah',
        state: 'GA',
        zip: '31407',
        contact: 'Owen Price',
        email: 'gateway@savannahstorage.test',
        deleted: true,
      },
    ],
    notificationEmails: [
      { email: 'imports@othertrading.test', cc: [] },
      { email: 'accounting@othertrading.test', cc: ['linda.chen@othertrading.test'] },
      { email: 'linda.chen@othertrading.test', cc: [] },
      { email: 'warehouse@othertrading.test', cc: ['receiving@othertrading.test', 'frank.russo@othertrading.test'] },
    ],
  },
];

const NOTIFICATIONS = {
  current:
    'CBP’s ACE system will be down for scheduled maintenance this Saturday from 10:00 PM to 4:00 AM ET. ' +
    'Entries transmitted during the outage will be filed as soon as ACE is back online; releases may be delayed.',
  old:
    'Holiday schedule: our offices are closed on December 25 and January 1. Documents received after ' +
    '2:00 PM ET on December 24 will be processed on December 26.',
};

// ---------------------------------------------------------------------------------------------
// Shipment shapes

const S = SHIPMENT_STATUSES;

/** A stored value outside the contract's list; the portal shows such a status in lower case. */
const UNLISTED_STATUS = 'In Transit';

const FDA = { none: '', mayProceed: 'MAY PROCEED', exam: 'FDA EXAM', hold: 'FDA HOLD', refused: 'REFUSED' };

type IsfKind = 'none' | 'client' | 'broker';

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

const STATUS_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  [S.released, 34],
  [S.submitted, 18],
  [S.pendingDocuments, 20],
  [S.pendingRelease, 12],
  [S.cbpIntensiveExam, 1.5],
  [S.cbpVacisExam, 1.5],
  [S.cbpDocsReviewHold, 1.5],
  [S.isfHold, 1],
  [S.itShipment, 2],
  [S.notClearedByAfb, 0.7],
  [S.cbpVaxExam, 0.8],
  [S.admissible, 1.5],
  [S.accepted, 2],
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

// ---------------------------------------------------------------------------------------------
// The plan: every row and file, built in memory before anything is written

type PlannedFile = { key: string; render: () => Promise<Uint8Array> };

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

type PlannedShipment = {
  accountNo: string;
  row: Omit<Insertable<ShipmentsTable>, 'account_id'>;
  containers: Array<Omit<Insertable<ContainersTable>, 'shipment_id'>>;
  bills: Array<Omit<Insertable<BillsOfLadingTable>, 'shipment_id'>>;
  documentTypes: Array<{ type: string; required: boolean; submitted: boolean }>;
  documents: PlannedDocument[];
  notes: Array<{ author: DemoLogin; comments: string; created_at: string }>;
  orders: PlannedOrder[];
  invoice: Omit<Insertable<InvoicesTable>, 'account_id' | 'shipment_id'> | null;
};

type PlannedCompany = { profile: CompanyProfile; logins: DemoLogin[]; shipments: PlannedShipment[] };

type DemoPlan = { now: Date; companies: PlannedCompany[]; files: PlannedFile[] };

const SEED = 0x5eed_c1ea;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type EtaPlacement =
  | { kind: 'days'; days: number }
  | { kind: 'this-month'; fraction: number; pastOnly: boolean }
  | { kind: 'before-cutoff'; days: number }
  | { kind: 'unknown' };

type Skeleton = { status: string; shape: Shape | undefined; eta: EtaPlacement; accountNo: string };

function planDemo(now: Date, options: SeedOptions): DemoPlan {
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
      return planShipment(context, skeleton, entryNumber(profile.entryPrefix, entryNo));
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
  // Clusters in this week and this month, for statuses that occur around today.
  if (to >= 7 && roll < 0.12) return { kind: 'days', days: 0.1 + 6.8 * fraction };
  if (to >= -2 && roll < 0.24) return { kind: 'this-month', fraction, pastOnly: to <= 0 };
  if ((status === S.pendingDocuments || status === S.submitted) && roll > 0.88) return { kind: 'unknown' };
  return { kind: 'days', days: from + (to - from) * spread };
}

function etaSortKey(eta: EtaPlacement): number {
  switch (eta.kind) {
    case 'days':
      return eta.days;
    case 'this-month':
      return (eta.fraction - 0.5) * 30;
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
    case 'this-month': {
      const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
      const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - HOUR_MS;
      const end = Math.max(start, eta.pastOnly ? Math.min(monthEnd, now.getTime() - HOUR_MS) : monthEnd);
      return round(start + (end - start) * eta.fraction);
    }
    case 'before-cutoff':
      return round(Date.parse(`${SHIPMENT_UPDATES_CUTOFF_DATE}T14:00:00Z`) - eta.days * DAY_MS);
    case 'unknown':
      return null;
  }
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
  const eta = resolveEta(skeleton.eta, now);
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
  const containers = Array.from({ length: containerCount }, () => planContainer(context, facts, transitDays));

  const isfKind = shape?.isf ?? isfFor(rng, status);
  const isfDate = past(anchor - rng.int(8, 30) * DAY_MS - rng.int(0, 23) * HOUR_MS);
  const isfNumber = { none: null, client: 'N\\A', broker: `ISF-${isfDate.getUTCFullYear()}-${rng.digits(6)}` }[isfKind];

  const documentTypes = planDocumentTypes(rng, status);
  const files = planDocuments(context, facts, {
    submittedTypes: documentTypes.filter((entry) => entry.submitted).map((entry) => entry.type),
    containers: containers.map((container) => container.container_no),
    masters: bills.filter((bill) => bill.is_master).map((bill) => bill.bill_lading),
  });

  const noteCount = rng.chance(0.1) ? rng.int(1, 3) : 0;
  const notes = Array.from({ length: noteCount }, (_, index) => ({
    author: rng.pick(facts.writers),
    comments: rng.pick(NOTE_TEXTS),
    created_at: past(anchor - (6 - index * 2) * DAY_MS).toISOString(),
  }));

  const orders = planOrders(context, facts, shape, { containerCount, bills });
  const ignored = shape?.ignored ?? (orders.length === 0 && status === S.released && rng.chance(0.05));

  const isAfterRelease = AFTER_RELEASE_STATUSES.includes(status);
  const invoiceChance = isAfterRelease ? 0.85 : facts.isEarly ? 0.3 : 0.6;
  const invoice = rng.chance(invoiceChance)
    ? planInvoice(context, facts, {
        containers: containers.map((container) => container.container_no),
        created: past(anchor + rng.int(1, 12) * DAY_MS),
        charges: [
          { label: 'Customs entry fee', amount: rng.int(125, 195) },
          ...(isfKind === 'broker' ? [{ label: 'ISF filing fee', amount: 40 }] : []),
          ...(files.duty === null ? [] : [{ label: 'Duties and fees advanced', amount: files.duty }]),
          ...(EXAM_STATUSES.includes(status) ? [{ label: 'CBP exam fee', amount: rng.int(350, 1_200) }] : []),
          ...(orders.length > 0 ? [{ label: 'Delivery order handling', amount: 45 * orders.length }] : []),
        ],
      })
    : null;

  const fda = shape?.fda ?? rng.weighted(FDA_WEIGHTS);
  const documentNote = status === S.pendingDocuments && rng.chance(0.3) ? rng.pick(DOCUMENT_NOTES) : '';
  const comment = rng.chance(0.1) ? rng.pick(BROKER_COMMENTS) : '';
  const discharge = eta && isAfterRelease ? timestampText(eta.getTime() + rng.int(4, 36) * HOUR_MS) : null;
  const created = past(anchor - (transitDays + 5) * DAY_MS).toISOString();

  return {
    accountNo: facts.accountNo,
    row: {
      file_number: fileNumber,
      customer_reference_no: facts.reference,
      status,
      isf_transaction_no: isfNumber,
      isf_submit_date: isfNumber === null ? null : isfDate.toISOString(),
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
      created_at: created,
      updated_at: created,
    },
    containers,
    bills,
    documentTypes,
    documents: files.documents,
    notes,
    orders,
    invoice,
  };
}

function planRoute(rng: Rng, profile: CompanyProfile, shape: Shape | undefined): Route {
  const mode = transportMode(rng, shape);
  const port = mode === 'air' ? profile.airport : rng.weighted(profile.ports.map((p) => [p, p.share] as const));
  const terminal = rng.pick(port.terminals);
  if (mode === 'air') {
    const airline = rng.pick(AIRLINES);
    return {
      mode,
      port,
      terminal,
      origin: airline.origin,
      line: airline.name,
      vessel: rng.pick(airline.flights),
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

function planContainer(
  context: PlanContext,
  { eta, anchor, route }: ShipmentFacts,
  transitDays: number,
): PlannedShipment['containers'][number] & { container_no: string } {
  const { rng, now } = context;
  const prefix = route.containerPrefix();
  const containerNo = unique(context.used.containers, () => containerNumber(prefix, rng.digits(6)));
  const hasEvents = rng.chance(0.85);
  const [loadHours, dischargeHours, availableHours, gateOutDays] = [rng.next(), rng.next(), rng.next(), rng.next()];
  if (!eta || !hasEvents) return { container_no: containerNo, tracking_info: '[]' };

  const terminal = `${route.port.name} (${route.terminal})`;
  const loaded = anchor - transitDays * DAY_MS + loadHours * 12 * HOUR_MS;
  const discharged = anchor + (4 + dischargeHours * 26) * HOUR_MS;
  const available = discharged + (8 + availableHours * 32) * HOUR_MS;
  const events: TrackingEvent[] = [
    { location: route.origin, type: 'Loaded on vessel', date: isoDate(loaded) },
    { location: route.origin, type: 'Vessel departed', date: isoDate(loaded + 20 * HOUR_MS) },
    { location: terminal, type: 'Discharged', date: isoDate(discharged) },
    { location: terminal, type: 'Available for pickup', date: isoDate(available) },
    { location: terminal, type: 'Gate out', date: isoDate(available + (1 + gateOutDays * 4) * DAY_MS) },
  ];
  const happened = events.filter((event) => Date.parse(event.date) <= now.getTime());
  return { container_no: containerNo, tracking_info: JSON.stringify(happened) };
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
  shipment: { submittedTypes: string[]; containers: string[]; masters: string[] },
): { documents: PlannedDocument[]; pathTo7501: string | null; reviewed7501: boolean; duty: number | null } {
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
  const filed = past(anchor + rng.int(1, 5) * DAY_MS);
  const pathTo7501 = has7501
    ? file(() =>
        entrySummaryPdf({
          fileNumber,
          accountNo,
          importer: profile.name,
          portOfEntry: `${route.port.code} ${route.port.name}`,
          carrier: `${route.line} ${route.vessel}`,
          arrivalDate: facts.eta ? usDate(facts.eta) : 'Not available',
          origin: route.origin,
          billsOfLading: shipment.masters,
          containers: shipment.containers,
          enteredValue,
          duty,
        }),
      )
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
  return { documents, pathTo7501, reviewed7501: has7501 && reviewed, duty: has7501 ? duty : null };
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

function planInvoice(
  context: PlanContext,
  { fileNumber, accountNo }: ShipmentFacts,
  invoice: { containers: string[]; created: Date; charges: Array<{ label: string; amount: number }> },
): PlannedShipment['invoice'] {
  const { rng, now, profile } = context;
  const invoiceNumber = context.nextInvoiceNo();
  const ageDays = (now.getTime() - invoice.created.getTime()) / DAY_MS;
  const isPaid = rng.next() < (ageDays > 45 ? 0.9 : ageDays > 15 ? 0.5 : 0.15);
  const hasBackup = rng.chance(0.2);
  const due = new Date(invoice.created.getTime() + 30 * DAY_MS);
  const details = { invoiceNumber, fileNumber, accountNo };

  const path = newStorageKey('invoices', 'pdf');
  context.files.push({
    key: path,
    render: () =>
      invoicePdf({
        ...details,
        billTo: profile.name,
        issued: usDate(invoice.created),
        due: usDate(due),
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
  };
}

// ---------------------------------------------------------------------------------------------
// Writing the plan

async function writeFiles(storage: Storage, files: readonly PlannedFile[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let next = 0;
  // Rendering is synchronous work; a few writers in flight overlap it with the disk.
  const writer = async () => {
    for (let file = files[next++]; file; file = files[next++]) {
      const bytes = await file.render();
      const { size } = await storage.put(file.key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      sizes.set(file.key, size);
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  return sizes;
}

const BATCH_ROWS = 1_000;

/** Inserts in batches; PostgreSQL returns the rows of a multi-row INSERT in the order given. */
async function insertBatches<Row, Result>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<Result[]>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    results.push(...(await insert(rows.slice(start, start + BATCH_ROWS))));
  }
  return results;
}

async function insertPlan(
  trx: Transaction<Database>,
  plan: DemoPlan,
  passwordHash: string,
  sizes: ReadonlyMap<string, number>,
): Promise<void> {
  const directory = await insertCompanies(trx, plan, passwordHash);
  await insertShipments(trx, plan, directory, sizes);
}

type Directory = {
  accountIdOf: (accountNo: string) => number;
  userIdOf: (email: string) => number;
  /** Per company, in the order of its profile. */
  truckerIds: number[][];
  warehouseIds: number[][];
};

/** Companies with their accounts, users, truckers, warehouses and notification lists. */
async function insertCompanies(trx: Transaction<Database>, plan: DemoPlan, passwordHash: string): Promise<Directory> {
  const ago = (days: number) => new Date(plan.now.getTime() - days * DAY_MS).toISOString();
  const { companies } = plan;

  const companyIds = (
    await trx
      .insertInto('companies')
      .values(
        companies.map(({ profile, logins }) => ({
          name: profile.name,
          primary_contact: primaryOf(logins).name,
          created_at: ago(900),
        })),
      )
      .returning('id')
      .execute()
  ).map((row) => row.id);
  const perCompany = <Row>(rows: (company: PlannedCompany, companyId: number) => readonly Row[]) =>
    companies.flatMap((company, index) => rows(company, companyIds[index]!));

  const accounts = await trx
    .insertInto('accounts')
    .values(
      perCompany(({ profile }, companyId) =>
        profile.accounts.map((account) => ({
          company_id: companyId,
          account_no: account.accountNo,
          name: account.name,
          document_tracking: account.documentTracking,
        })),
      ),
    )
    .returning(['id', 'account_no'])
    .execute();
  const accountIdOf = lookup(new Map(accounts.map((account) => [account.account_no, account.id])), 'account');

  const users = await trx
    .insertInto('users')
    .values(
      perCompany(({ logins }, companyId) =>
        logins.map((login) => ({
          company_id: companyId,
          name: login.name,
          email: login.email,
          password_hash: passwordHash,
          role: login.role,
          created_at: ago(800),
          updated_at: ago(800),
        })),
      ),
    )
    .returning(['id', 'email'])
    .execute();
  const userIdOf = lookup(new Map(users.map((user) => [user.email, user.id])), 'user');
  await trx
    .insertInto('user_accounts')
    .values(
      companies.flatMap(({ logins }) =>
        logins.flatMap((login) =>
          login.accounts.map((accountNo) => ({ user_id: userIdOf(login.email), account_id: accountIdOf(accountNo) })),
        ),
      ),
    )
    .execute();

  const truckerIds = (
    await trx
      .insertInto('truckers')
      .values(
        perCompany(({ profile }, companyId) =>
          profile.truckers.map((trucker) => ({
            company_id: companyId,
            name: trucker.name,
            phone: trucker.phone,
            status: trucker.inactive ? 0 : ACTIVE_STATUS,
            deleted_at: trucker.deleted ? ago(60) : null,
            created_at: ago(700),
          })),
        ),
      )
      .returning('id')
      .execute()
  ).map((row) => row.id);
  const truckers = perCompany(({ profile }) => profile.truckers);
  await trx
    .insertInto('trucker_emails')
    .values(
      truckers.map((trucker, index) => ({
        trucker_id: truckerIds[index]!,
        email: trucker.email,
        cc_emails: trucker.cc,
      })),
    )
    .execute();

  const warehouseIds = (
    await trx
      .insertInto('warehouses')
      .values(
        perCompany(({ profile, logins }, companyId) =>
          profile.warehouses.map((warehouse) => ({
            company_id: companyId,
            user_id: userIdOf(primaryOf(logins).email),
            name: warehouse.name,
            phone: warehouse.phone,
            address: warehouse.address,
            city: warehouse.city,
            state: warehouse.state,
            zip: warehouse.zip,
            status: warehouse.inactive ? 0 : ACTIVE_STATUS,
            deleted_at: warehouse.deleted ? ago(45) : null,
            created_at: ago(700),
          })),
        ),
      )
      .returning('id')
      .execute()
  ).map((row) => row.id);
  const warehouses = perCompany(({ profile }) => profile.warehouses);
  await trx
    .insertInto('warehouse_emails')
    .values(
      warehouses.map((warehouse, index) => ({
        warehouse_id: warehouseIds[index]!,
        name: warehouse.contact,
        email: warehouse.email,
      })),
    )
    .execute();

  await trx
    .insertInto('notification_emails')
    .values(
      perCompany(({ profile }, companyId) =>
        profile.notificationEmails.map((list, tableNumber) => ({
          company_id: companyId,
          table_number: tableNumber,
          email: list.email,
          cc_emails: list.cc,
        })),
      ),
    )
    .execute();
  await trx
    .insertInto('notifications')
    .values([
      { company_id: null, message: NOTIFICATIONS.old, active: false, created_at: ago(330) },
      { company_id: null, message: NOTIFICATIONS.current, active: true, created_at: ago(2) },
    ])
    .execute();

  return {
    accountIdOf,
    userIdOf,
    truckerIds: regroup(
      truckerIds,
      companies.map(({ profile }) => profile.truckers.length),
    ),
    warehouseIds: regroup(
      warehouseIds,
      companies.map(({ profile }) => profile.warehouses.length),
    ),
  };
}

/** Shipments and everything hanging off them, each table in a few multi-row inserts. */
async function insertShipments(
  trx: Transaction<Database>,
  plan: DemoPlan,
  { accountIdOf, userIdOf, truckerIds, warehouseIds }: Directory,
  sizes: ReadonlyMap<string, number>,
): Promise<void> {
  const sizeOf = lookup(sizes, 'file');
  const shipments = plan.companies.flatMap((company, companyIndex) =>
    company.shipments.map((shipment) => ({ shipment, companyIndex })),
  );
  const shipmentIds = (
    await insertBatches(
      shipments.map(({ shipment }) => ({ ...shipment.row, account_id: accountIdOf(shipment.accountNo) })),
      (batch) => trx.insertInto('shipments').values(batch).returning('id').execute(),
    )
  ).map((row) => row.id);
  const perShipment = <Row>(rows: (shipment: PlannedShipment, shipmentId: number) => Row[]) =>
    shipments.flatMap(({ shipment }, index) => rows(shipment, shipmentIds[index]!));

  const containerIds = await insertBatches(
    perShipment((shipment, shipmentId) => shipment.containers.map((row) => ({ ...row, shipment_id: shipmentId }))),
    (batch) => trx.insertInto('containers').values(batch).returning('id').execute(),
  );
  const billIds = await insertBatches(
    perShipment((shipment, shipmentId) => shipment.bills.map((row) => ({ ...row, shipment_id: shipmentId }))),
    (batch) => trx.insertInto('bills_of_lading').values(batch).returning('id').execute(),
  );
  const containerIdsOf = regroup(
    containerIds.map((row) => row.id),
    shipments.map(({ shipment }) => shipment.containers.length),
  );
  const billIdsOf = regroup(
    billIds.map((row) => row.id),
    shipments.map(({ shipment }) => shipment.bills.length),
  );

  await insertBatches(
    perShipment((shipment, shipmentId) => shipment.documentTypes.map((row) => ({ ...row, shipment_id: shipmentId }))),
    (batch) => trx.insertInto('document_types').values(batch).execute(),
  );
  await insertBatches(
    perShipment((shipment, shipmentId) =>
      shipment.documents.map(({ uploadedBy, ...document }) => ({
        ...document,
        shipment_id: shipmentId,
        size: sizeOf(document.path),
        uploaded_by: uploadedBy === null ? null : userIdOf(uploadedBy),
      })),
    ),
    (batch) => trx.insertInto('documents').values(batch).execute(),
  );
  await insertBatches(
    perShipment((shipment, shipmentId) =>
      shipment.notes.map((note) => ({
        shipment_id: shipmentId,
        user_id: userIdOf(note.author.email),
        role: note.author.role,
        comments: note.comments,
        created_at: note.created_at,
      })),
    ),
    (batch) => trx.insertInto('shipment_notes').values(batch).execute(),
  );
  await insertBatches(
    perShipment((shipment, shipmentId) =>
      shipment.invoice
        ? [{ ...shipment.invoice, account_id: accountIdOf(shipment.accountNo), shipment_id: shipmentId }]
        : [],
    ),
    (batch) => trx.insertInto('invoices').values(batch).execute(),
  );

  // An order names its containers, bills, trucker and warehouse by their place in the plan.
  const orders = shipments.flatMap(({ shipment, companyIndex }, index) =>
    shipment.orders.map(({ trucker, warehouse, containers, bills, createdBy, approvedAt, ...order }) => ({
      row: {
        ...order,
        shipment_id: shipmentIds[index]!,
        trucker_id: truckerIds[companyIndex]![trucker]!,
        warehouse_id: warehouseIds[companyIndex]![warehouse]!,
        created_by: userIdOf(createdBy),
      },
      containerIds: containers.map((container) => containerIdsOf[index]![container]!),
      billIds: bills.map((bill) => billIdsOf[index]![bill]!),
      approvedAt,
    })),
  );
  const orderIds = (
    await insertBatches(
      orders.map((order) => order.row),
      (batch) => trx.insertInto('delivery_orders').values(batch).returning('id').execute(),
    )
  ).map((row) => row.id);
  await insertBatches(
    orders.flatMap((order, index) =>
      order.containerIds.map((containerId) => ({ delivery_order_id: orderIds[index]!, container_id: containerId })),
    ),
    (batch) => trx.insertInto('delivery_order_containers').values(batch).execute(),
  );
  await insertBatches(
    orders.flatMap((order, index) =>
      order.billIds.map((billId) => ({ delivery_order_id: orderIds[index]!, bill_of_lading_id: billId })),
    ),
    (batch) => trx.insertInto('delivery_order_bills').values(batch).execute(),
  );
  // Approval is the broker's act, made the way the broker makes it.
  for (const [index, order] of orders.entries()) {
    if (order.approvedAt !== null) await approveDeliveryOrder(trx, orderIds[index]!, new Date(order.approvedAt));
  }
}

/** Splits a flat list back into consecutive groups of the given lengths. */
function regroup<T>(items: readonly T[], lengths: readonly number[]): T[][] {
  let start = 0;
  return lengths.map((length) => items.slice(start, (start += length)));
}

function primaryOf(logins: readonly DemoLogin[]): DemoLogin {
  const primary = logins.find((login) => login.role === ROLES.primary);
  if (!primary) throw new Error('Every demo company has a primary user');
  return primary;
}

function lookup<Key, Value>(map: ReadonlyMap<Key, Value>, what: string): (key: Key) => Value {
  return (key) => {
    const value = map.get(key);
    if (value === undefined) throw new Error(`Demo data names an unknown ${what}: ${String(key)}`);
    return value;
  };
}

function indexesWhere<T>(items: readonly T[], predicate: (item: T) => boolean): number[] {
  return items.flatMap((item, index) => (predicate(item) ? [index] : []));
}

function unique(used: Set<string>, make: () => string): string {
  for (;;) {
    const value = make();
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers and dates in the formats of the trade

/** `DMI-4120417-3`: CBP's filer code, entry number and check digit layout, with our company prefix. */
function entryNumber(prefix: string, number: number): string {
  const digits = String(number).padStart(7, '0');
  return `${prefix}-${digits}-${luhnCheckDigit(digits)}`;
}

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((char, index) => {
    const doubled = Number(char) * (index % 2 === 0 ? 2 : 1);
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return (10 - (sum % 10)) % 10;
}

/** ISO 6346 letter values: 10 upwards, skipping multiples of 11. */
const ISO_6346_LETTERS = new Map<string, number>();
for (let letter = 0, value = 10; letter < 26; letter++, value++) {
  if (value % 11 === 0) value++;
  ISO_6346_LETTERS.set(String.fromCharCode(65 + letter), value);
}

/** Owner code ending in U, six serial digits and the ISO 6346 check digit: `MSCU1234565`. */
function containerNumber(ownerCode: string, serial: string): string {
  const body = ownerCode + serial;
  const sum = [...body].reduce(
    (total, char, index) => total + (ISO_6346_LETTERS.get(char) ?? Number(char)) * 2 ** index,
    0,
  );
  return `${body}${(sum % 11) % 10}`;
}

/** An air waybill: airline prefix, seven digits and their remainder modulo 7. */
function airWaybill(rng: Rng, airlinePrefix: string): string {
  const serial = rng.int(1_000_000, 9_999_999);
  return `${airlinePrefix}-${serial}${serial % 7}`;
}

/** A `timestamp` column's text, in UTC. */
function timestampText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** An event's date: ISO 8601, to the minute. */
function isoDate(ms: number): string {
  return new Date(Math.round(ms / 60_000) * 60_000).toISOString();
}

function usDate(date: Date): string {
  const [year, month, day] = date.toISOString().slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

// ---------------------------------------------------------------------------------------------
// A small seeded generator

type Rng = {
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  shuffle<T>(items: readonly T[]): T[];
  digits(count: number): string;
};

/** mulberry32 (https://gist.github.com/tommyettinger/46a874533244883189143505d203312c). */
function createRng(seed: number): Rng {
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
