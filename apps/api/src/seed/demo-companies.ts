import { ROLES, type Role } from '@clearport/contract/roles';
import type { UsStateCode } from '@clearport/contract/warehouses';

/**
 * The demo brokerage's clients: two companies with their accounts, people and roles, the ports
 * and carriers they ship through, their truckers, warehouses and notification lists.
 */

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

export type Port = { code: string; name: string; terminals: readonly string[]; share: number };
type Carrier = { name: string; scac: string; containerPrefixes: readonly string[]; vessels: readonly string[] };
type Airline = {
  name: string;
  awbPrefix: string;
  /** The airline's flights from its origin, by the CBP port code of the airport they land at. */
  flights: Readonly<Record<string, readonly string[]>>;
  origin: string;
};
type TruckerSeed = {
  name: string;
  phone: string;
  email: string;
  cc: string[];
  inactive?: boolean;
  deleted?: boolean;
};
type WarehouseSeed = {
  name: string;
  phone: string;
  address: string;
  city: string;
  state: UsStateCode;
  zip: string;
  contact: string;
  email: string;
  inactive?: boolean;
  deleted?: boolean;
};

export type CompanyProfile = {
  name: string;
  /** The brokerage's own identifier of the company, as its system sends it to the ingestion API. */
  brokerId: string;
  /** Starts each entry number, so a test can tell the companies' shipments apart. */
  entryPrefix: string;
  /** The importer of record number on its entries: its IRS number with the suffix CBP adds. */
  importerOfRecord: string;
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
export const LESSOR_PREFIXES = ['TGHU', 'TCNU', 'TRHU', 'FCIU', 'SEGU', 'BMOU'];

export const BREAKBULK_CARRIER: Carrier = {
  name: 'BBC Chartering',
  scac: 'BBCH',
  containerPrefixes: [],
  vessels: ['BBC OREGON', 'BBC EMS', 'BBC AMAZON'],
};

/** Each flight lands at one airport: the CBP port code of the demo's LAX (2720) or JFK (4701). */
export const AIRLINES: readonly Airline[] = [
  {
    name: 'Cathay Pacific Cargo',
    awbPrefix: '160',
    flights: { '2720': ['CX 880', 'CX 884'], '4701': ['CX 840', 'CX 844'] },
    origin: 'Hong Kong, China',
  },
  {
    name: 'Korean Air Cargo',
    awbPrefix: '180',
    flights: { '2720': ['KE 017', 'KE 011'], '4701': ['KE 081', 'KE 085'] },
    origin: 'Incheon, South Korea',
  },
  {
    name: 'Lufthansa Cargo',
    awbPrefix: '020',
    flights: { '2720': ['LH 456'], '4701': ['LH 400', 'LH 404'] },
    origin: 'Frankfurt, Germany',
  },
  {
    name: 'China Airlines Cargo',
    awbPrefix: '297',
    flights: { '2720': ['CI 6', 'CI 8'], '4701': ['CI 12'] },
    origin: 'Taipei, Taiwan',
  },
];

/** CBP transport mode codes (CBP Form 7501, block 10). */
export const TRANSPORT_MODES = {
  vesselNonContainer: { code: '10', description: 'Vessel, non-container' },
  vesselContainer: { code: '11', description: 'Vessel, container' },
  air: { code: '40', description: 'Air, non-container' },
} as const;

export type TransportMode = keyof typeof TRANSPORT_MODES;

export const COMPANIES: readonly CompanyProfile[] = [
  {
    name: DEMO_IMPORTS,
    brokerId: 'C-10042',
    entryPrefix: 'DMI',
    importerOfRecord: '27-4108356-00',
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
    brokerId: 'C-10077',
    entryPrefix: 'OTC',
    importerOfRecord: '46-2291734-00',
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

export const NOTIFICATIONS = {
  current:
    'CBP’s ACE system will be down for scheduled maintenance this Saturday from 10:00 PM to 4:00 AM ET. ' +
    'Entries transmitted during the outage will be filed as soon as ACE is back online; releases may be delayed.',
  old:
    'Holiday schedule: our offices are closed on December 25 and January 1. Documents received after ' +
    '2:00 PM ET on December 24 will be processed on December 26.',
};

export function primaryOf(logins: readonly DemoLogin[]): DemoLogin {
  const primary = logins.find((login) => login.role === ROLES.primary);
  if (!primary) throw new Error('Every demo company has a primary user');
  return primary;
}
