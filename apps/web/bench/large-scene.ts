/**
 * The web bench's large scene: what the demo's second company, Other Trading Co, would hold after
 * years with the brokerage, on the two screens that grow under one record (docs/decisions/0054).
 *
 * - A shipment of SCENE.containers containers, each with SCENE.events tracking events, SCENE.orders
 *   delivery orders and SCENE.notes notes: its page shows the latest of each list and a button for
 *   the rest.
 * - Settings with SCENE.truckers truckers and SCENE.warehouses warehouses, each an entry of its own.
 *
 * The shipment comes from the broker's command (an NDJSON file, before the server starts), the rest
 * through the customer API as the company's primary user, as the screens would make them.
 */
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import { CreateTruckerResponse } from '@clearport/contract/truckers';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { SettingsResponse } from '@clearport/contract/settings';
import { TRUCKERS, WAREHOUSES, companyName } from '../../api/bench/bench-names.ts';
import { DAY_MS, HOUR_MS, containerNumber } from '../../api/src/seed/demo-numbers.ts';
import { signIn, type Route } from '../e2e/route-loads.ts';

export const SCENE = {
  email: 'primary@other.test',
  accountNo: '70001',
  fileNumber: 'OTC-LARGE-1',
  containers: 120,
  events: 60,
  orders: 60,
  notes: 500,
  truckers: 400,
  warehouses: 400,
} as const;

export const SCENE_TITLE =
  `Other Trading Co: a shipment of ${SCENE.containers} containers × ${SCENE.events} events, ` +
  `${SCENE.orders} delivery orders and ${SCENE.notes} notes; ${SCENE.truckers} truckers and ${SCENE.warehouses} warehouses`;

/** A container's voyage, repeated as it goes round: where, and what happened there. */
const VOYAGE = [
  ['Yantian, CN', 'Empty container released to shipper'],
  ['Yantian, CN', 'Gate in full'],
  ['Yantian, CN', 'Loaded on vessel'],
  ['Yantian, CN', 'Vessel departure'],
  ['Busan, KR', 'Transshipment discharge'],
  ['Busan, KR', 'Transshipment loaded'],
  ['Long Beach, CA', 'Vessel arrival'],
  ['Long Beach, CA', 'Discharged from vessel'],
  ['Long Beach, CA', 'Available for pickup'],
  ['Long Beach, CA', 'Gate out full'],
  ['Ontario, CA', 'Delivered to consignee'],
  ['Long Beach, CA', 'Empty returned'],
] as const;

const OWNERS = ['MSCU', 'CMAU', 'OOLU', 'TGHU'] as const;

/** The broker's records of the shipment: its bill of lading, and its containers with their events. */
export function largeShipmentRecords(now = Date.now()): string {
  const records: object[] = [
    {
      kind: 'shipment',
      file_number: SCENE.fileNumber,
      account_no: SCENE.accountNo,
      status: 'released',
      origin: 'Yantian',
      vessel_name: 'MSC Loreto',
      steamship_line: 'MSC',
      destination_terminal: 'Long Beach Container Terminal',
    },
    { kind: 'bill_of_lading', file_number: SCENE.fileNumber, bill_lading: 'MEDUYT418226', is_master: true },
  ];
  // The events go back over a year and a half, a few days apart, the newest last.
  const start = now - SCENE.events * 9 * DAY_MS;
  for (let container = 0; container < SCENE.containers; container++) {
    const serial = String(418_000 + container * 7).padStart(6, '0');
    records.push({
      kind: 'container',
      file_number: SCENE.fileNumber,
      container_no: containerNumber(OWNERS[container % OWNERS.length]!, serial),
      tracking_events: Array.from({ length: SCENE.events }, (_, event) => {
        const [location, type] = VOYAGE[event % VOYAGE.length]!;
        const at = start + event * 9 * DAY_MS + (container % 24) * HOUR_MS;
        return { location, type, date: new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z') };
      }),
    });
  }
  return records.map((record) => JSON.stringify(record)).join('\n') + '\n';
}

type Headers = Record<string, string>;

async function call<T>(
  baseUrl: string,
  headers: Headers,
  method: string,
  path: string,
  body?: unknown,
  parse?: { parse: (value: unknown) => T },
): Promise<T> {
  const reply = await fetch(`${baseUrl}${API_BASE}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${method} ${path} answered ${reply.status}: ${await reply.text()}`);
  const json: unknown = await reply.json();
  return parse ? parse.parse(json) : (json as T);
}

/**
 * Fills the scene through the customer API, as its primary user: the truckers, the warehouses, the
 * delivery orders (two containers each) and the notes. Resolves to the session and the shipment's id.
 */
export async function fillLargeScene(baseUrl: string) {
  const session = await signIn(baseUrl, SCENE.email);
  const { headers } = session;
  const list = await call(
    baseUrl,
    headers,
    'GET',
    `${API_PATHS.shipments}?search=${SCENE.fileNumber}`,
    undefined,
    ShipmentsListResponse,
  );
  const shipmentId = list.data[0]?.id;
  if (shipmentId === undefined) throw new Error(`the scene's shipment ${SCENE.fileNumber} was not imported`);

  const truckerIds: number[] = [];
  for (let first = 0; first < SCENE.truckers; first += 20) {
    const truckers = Array.from({ length: Math.min(20, SCENE.truckers - first) }, (_, index) => {
      const n = first + index;
      const [trade] = TRUCKERS[n % TRUCKERS.length]!;
      const word = companyName(n).split(' ')[0]!;
      return {
        name: `${word} ${trade.split(' ').at(-1)} ${Math.floor(n / TRUCKERS.length) + 1}`,
        email: `dispatch${n + 1}@${word.toLowerCase()}-drayage.test`,
        cc_emails: [`ops${n + 1}@${word.toLowerCase()}-drayage.test`],
      };
    });
    const made = await call(baseUrl, headers, 'POST', API_PATHS.createTrucker, { truckers }, CreateTruckerResponse);
    truckerIds.push(...made.truckers.map((trucker) => trucker.id));
  }

  const warehouses = Array.from({ length: SCENE.warehouses }, (_, n) => {
    const [name, address, city, state, zip] = WAREHOUSES[n % WAREHOUSES.length]!;
    return {
      name: `${name} ${Math.floor(n / WAREHOUSES.length) + 1}`,
      phone: `(562) 555-${String(100 + (n % 100)).padStart(4, '0')}`,
      address,
      city,
      state,
      zip,
      emails: [{ name: 'Receiving desk', email: `receiving${n + 1}@warehouses.test` }],
    };
  });
  await call(baseUrl, headers, 'POST', API_PATHS.saveSettings, { warehouses });
  const settings = await call(baseUrl, headers, 'GET', API_PATHS.settings, undefined, SettingsResponse);
  const warehouseIds = settings.user.warehouses
    .filter((warehouse) => warehouse.status === ACTIVE_STATUS && warehouse.deleted_at === null)
    .map((warehouse) => warehouse.id);

  const detail = await call(
    baseUrl,
    headers,
    'GET',
    apiPath(API_PATHS.shipmentDetail, { id: shipmentId }),
    undefined,
    ShipmentDetailResponse,
  );
  const containers = detail.shipment.containers.map((container) => container.id);
  const bills = detail.shipment.bill_lading.map((bill) => bill.id);
  for (let order = 0; order < SCENE.orders; order++) {
    await call(baseUrl, headers, 'POST', apiPath(API_PATHS.deliveryOrders, { id: shipmentId }), {
      trucker_id: truckerIds[order % truckerIds.length],
      warehouse_id: warehouseIds[order % warehouseIds.length],
      reference_number: `PO-${48_210 + order}`,
      note: 'Deliver between 7 AM and 3 PM; call the receiving desk an hour ahead.',
      containers: [containers[(order * 2) % containers.length], containers[(order * 2 + 1) % containers.length]],
      bill_ladings: bills,
    });
  }
  for (let note = 0; note < SCENE.notes; note++) {
    const container = detail.shipment.containers[note % containers.length]!.container_no;
    await call(baseUrl, headers, 'POST', apiPath(API_PATHS.addNote, { id: shipmentId }), {
      note: `Container ${container}: appointment ${note % 2 === 0 ? 'confirmed' : 'moved'} with the terminal (${note + 1}).`,
    });
  }
  return { cookies: session.cookies, shipmentId };
}

export const LARGE_ROUTE_NAMES = ['/shipments/:id (long lists)', '/settings (800 entries)'];

/**
 * The scene's screens: the shipment page, ready once its newest note is drawn, and Settings, once
 * Save is. Their ready selectors are CSS and text, not roles: a role's name is worked out on the
 * page's own thread for every element that might match, which on Settings' 29,000 elements cost more
 * main-thread time than the screen itself.
 */
export function largeRoutes(shipmentId: number): Route[] {
  const [shipment, settings] = LARGE_ROUTE_NAMES as [string, string];
  return [
    {
      name: shipment,
      path: `/shipments/${shipmentId}`,
      signedIn: true,
      ready: 'main ol[aria-label="Notes"] > li >> nth=-1',
    },
    { name: settings, path: '/settings', signedIn: true, ready: 'main button:text-is("Save")' },
  ];
}
