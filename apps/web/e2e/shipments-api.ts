import type { APIRequestContext } from '@playwright/test';
import { LoginResponse } from '@clearport/contract/auth';
import { CustomsEntryResponse } from '@clearport/contract/customs-entry';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { ShipmentDetailResponse, type ShipmentDetail } from '@clearport/contract/shipment-detail';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { UploadDocumentResponse } from '@clearport/contract/shipment-documents';
import { BROKER_ADMIN_PATHS, CreateSignInLinkResponse } from '@clearport/contract/broker-admin';
import { BROKER_API_BASE } from '@clearport/contract/ingestion';
import { DEMO_PASSWORD } from './fixtures.ts';
import { ADMIN_KEY_ENV } from './portal-server.ts';

/**
 * The API as a test sets the scene with it: it finds shipments in the state a test needs and
 * makes state (an upload) that a test then works on through the page.
 */

export type Api = {
  request: APIRequestContext;
  /** The request token, for the bearer header. */
  token: string;
  /** The session cookie the login set (`name=value`): a call needs it beside the token (decision 0033). */
  cookie: string;
};

export async function apiLogin(request: APIRequestContext, email: string): Promise<Api> {
  // An empty Cookie header: the context's jar may hold another login's session, which a new login ends.
  const response = await request.post('/api/user/login', {
    data: { userName: email, password: DEMO_PASSWORD },
    headers: { cookie: '' },
  });
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()}`);
  const setCookie = response.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie');
  return {
    request,
    token: LoginResponse.parse(await response.json()).token,
    cookie: setCookie?.value.split(';')[0] ?? '',
  };
}

/**
 * The headers of a call of this login: its bearer token and its own session cookie, which stand in
 * for the context's cookies, so two logins of one context do not take each other's.
 */
export const apiHeaders = (api: Api) => ({ authorization: `Bearer ${api.token}`, cookie: api.cookie });

const authorization = apiHeaders;

/**
 * A broker's single-use sign-in link for the user of `email`, made through the admin API with the
 * key global setup made: its token (token_user) and the whole link.
 */
export async function signInLink(request: APIRequestContext, email: string): Promise<CreateSignInLinkResponse> {
  const response = await request.post(`${BROKER_API_BASE}${BROKER_ADMIN_PATHS.signInLinks}`, {
    data: { email },
    headers: { authorization: `Bearer ${process.env[ADMIN_KEY_ENV]}`, cookie: '' },
  });
  if (response.status() !== 201) throw new Error(`a sign-in link for ${email}: ${response.status()}`);
  return CreateSignInLinkResponse.parse(await response.json());
}

/** Every shipment of the list with a stored status, page by page. */
async function shipmentIdsWithStatus(api: Api, status: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const response = await api.request.get('/api/user/shipments', {
      params: { page, status, sort: 'file_number', direction: 'asc' },
      headers: authorization(api),
    });
    const reply = ShipmentsListResponse.parse(await response.json());
    ids.push(...reply.data.map((shipment) => shipment.id));
    if (page >= reply.pagination.last_page) return ids;
  }
}

/** The shipment's customs entry with its first page of lines, as the panel reads it. */
export async function getCustomsEntry(api: Api, id: number): Promise<CustomsEntryResponse> {
  const response = await api.request.get(`${API_BASE}${apiPath(API_PATHS.customsEntry, { id })}`, {
    headers: authorization(api),
  });
  return CustomsEntryResponse.parse(await response.json());
}

export async function getDetail(api: Api, id: number): Promise<ShipmentDetailResponse> {
  const response = await api.request.get(`/api/user/shipments/details/${id}`, { headers: authorization(api) });
  return ShipmentDetailResponse.parse(await response.json());
}

/** Adds a note to the shipment, as its page's notes box does. */
export async function addNote(api: Api, id: number, note: string): Promise<void> {
  const response = await api.request.post(`${API_BASE}${apiPath(API_PATHS.addNote, { id })}`, {
    headers: authorization(api),
    data: { note },
  });
  if (!response.ok()) throw new Error(`add_comment on ${id} failed: ${response.status()}`);
}

/** A shipment whose page opens a new delivery order: none yet, containers and a bill to name, not skipped. */
export const takesANewOrder = ({ shipment }: ShipmentDetailResponse): boolean =>
  shipment.delivery_orders.length === 0 &&
  shipment.containers.length > 0 &&
  shipment.bill_lading.length > 0 &&
  shipment.ignored_shipment === 0;

/**
 * The first shipment (by entry number) with `status` that `matches`, after skipping `skip` of
 * them: tests that change shipments take different ones, so they never meet.
 */
export async function findShipment(
  api: Api,
  status: string,
  matches: (detail: ShipmentDetailResponse) => boolean | Promise<boolean>,
  skip = 0,
): Promise<ShipmentDetail> {
  let skipped = 0;
  for (const id of await shipmentIdsWithStatus(api, status)) {
    const detail = await getDetail(api, id);
    if (!(await matches(detail))) continue;
    if (skipped === skip) return detail.shipment;
    skipped += 1;
  }
  throw new Error(`no shipment in ${status} as the test needs`);
}

export async function uploadDocument(
  api: Api,
  shipmentId: number,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<UploadDocumentResponse> {
  const response = await api.request.post(`/api/user/shipments/${shipmentId}/upload_doc`, {
    multipart: { file },
    headers: authorization(api),
  });
  if (!response.ok()) throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
  return UploadDocumentResponse.parse(await response.json());
}

/** A small but complete PDF: one page with a line of text. */
export function samplePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
