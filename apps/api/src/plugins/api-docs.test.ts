import { describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { BROKER_API_BASE, BROKER_API_PATHS, RECORD_REFUSAL_CODES } from '@clearport/contract/ingestion';
import { BROKER_ADMIN_PATHS } from '@clearport/contract/broker-admin';
import { WEBHOOK_PATHS } from '@clearport/contract/webhooks';
import { EVENT_TYPE_DOCS, RECORD_DOCS, RECORD_REFUSAL_CODE_DOCS } from '@clearport/contract/ingestion-docs';
import { testAppForFile } from '../../test/build-app.ts';
import { SHIPMENT_ACTIVITY } from '../modules/activity/shipment-activity.repository.ts';
import { API_DOCS } from './api-docs.ts';

const t = testAppForFile({}, { freshSeed: false });

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown;
        requestBody?: unknown;
        parameters?: unknown[];
        summary?: string;
        responses?: Record<string, { description?: string }>;
      }
    >
  >;
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>;
    schemas: Record<string, { description?: string; example?: unknown; oneOf?: { $ref: string }[] }>;
  };
};

async function documentOf(page: string): Promise<Document> {
  const response = await t.app.inject({ method: 'GET', url: `${page}/json` });
  expect(response.statusCode).toBe(200);
  return response.json<Document>();
}

describe('the API descriptions', () => {
  it('describes the customer API from the contract, behind the session, without the broker calls', async () => {
    const document = await documentOf(API_DOCS.customer.page);
    expect(document.openapi).toMatch(/^3\.1/);
    const paths = Object.keys(document.paths);
    expect(paths.every((route) => route.startsWith(`${API_BASE}/`) && !route.startsWith(BROKER_API_BASE))).toBe(true);
    const login = document.paths[`${API_BASE}${API_PATHS.login}`]!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('userName');
    const list = document.paths[`${API_BASE}${API_PATHS.shipments}`]!.get!;
    expect(JSON.stringify(list.parameters)).toContain('"status"');
    expect(list.security).toEqual([{ session: [], sessionCookie: [] }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['session', 'sessionCookie']);
    const unauthorized = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => operation.responses?.['401']?.description ?? []),
    );
    expect(unauthorized.length).toBeGreaterThan(0);
    for (const description of unauthorized) expect(description).toMatch(/^No live session/);
    expect(paths.length).toBeGreaterThan(30);
    // The calls made before there is a session name no credential.
    for (const path of [
      API_PATHS.login,
      API_PATHS.exchangeSignInLink,
      API_PATHS.loginSecondFactor,
      API_PATHS.forgotPassword,
    ]) {
      expect(document.paths[`${API_BASE}${path}`]!.post!.security, path).toEqual([]);
    }
    expect(
      document.paths[`${API_BASE}${API_PATHS.resetPassword.replace(':token', '{token}')}`]!.post!.security,
    ).toEqual([]);
  });

  it('tells how an upload is sent, which its schema cannot', async () => {
    const document = await documentOf(API_DOCS.customer.page);
    const upload = document.paths[`${API_BASE}${API_PATHS.uploadDocument.replace(':id', '{id}')}`]!.post! as {
      description?: string;
    };
    expect(upload.description).toContain('`multipart/form-data` body with one file part named `file`');
  });

  it('describes the broker API from the contract, behind the API key, without the customer calls', async () => {
    const document = await documentOf(API_DOCS.broker.page);
    const routes = [
      ...Object.values(BROKER_API_PATHS),
      ...Object.values(BROKER_ADMIN_PATHS),
      ...Object.values(WEBHOOK_PATHS),
    ].map((route) => route.replace('*', '{key}').replace(':id', '{id}'));
    expect(Object.keys(document.paths).sort()).toEqual(
      [...new Set(routes)].map((route) => `${BROKER_API_BASE}${route}`).sort(),
    );
    const records = document.paths[`${BROKER_API_BASE}${BROKER_API_PATHS.records}`]!.post!;
    expect(JSON.stringify(records.requestBody)).toContain('"records"');
    expect(records.security).toEqual([{ brokerKey: [] }]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['brokerKey']);
    expect(document.components.securitySchemes.brokerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // A key's refusals speak of the key only: no session reaches this API.
    const refusals = Object.entries(records.responses!).filter(([status]) => status === '401' || status === '403');
    expect(refusals.map(([status]) => status).sort()).toEqual(['401', '403']);
    for (const [, response] of refusals) expect(response.description).not.toMatch(/session|role/i);
  });

  it('serves each interactive page and its files without a login', async () => {
    for (const { page, title } of Object.values(API_DOCS)) {
      const response = await t.app.inject({ method: 'GET', url: page });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<title>${title}</title>`);
      const slashed = await t.app.inject({ method: 'GET', url: `${page}/` });
      expect([slashed.statusCode, slashed.headers.location]).toEqual([301, page]);
      for (const asset of response.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
        const file = await t.app.inject({ method: 'GET', url: asset[1]! });
        expect(file.statusCode, asset[1]).toBe(200);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/assets/package.json` })).statusCode).toBe(404);
  });

  it('gives every call of both APIs a summary', async () => {
    for (const { page } of Object.values(API_DOCS)) {
      const document = await documentOf(page);
      for (const [route, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          expect(operation.summary, `${method} ${route}`).toMatch(/^\S.{5,}/);
        }
      }
    }
  });

  it('marks a body optional where the call takes none, as the replay of a webhook does', async () => {
    const document = await documentOf(API_DOCS.broker.page);
    const replay = Object.entries(document.paths).find(([route]) => route.endsWith('/replay'))![1].post!;
    expect(replay.requestBody).toMatchObject({ required: false });
    const records = document.paths[`${BROKER_API_BASE}${BROKER_API_PATHS.records}`]!.post!;
    expect(records.requestBody).toMatchObject({ required: true });
  });

  it('says what each answer of every call means, the server failures to send again among them', async () => {
    for (const { page } of Object.values(API_DOCS)) {
      const document = await documentOf(page);
      for (const [route, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const responses = operation.responses ?? {};
          for (const [status, response] of Object.entries(responses)) {
            expect(response.description, `${method} ${route} ${status}`).not.toMatch(/^(Default Response)?$/);
          }
          expect(responses['503']?.description, `${method} ${route}`).toContain('Retry-After');
          expect(responses['500']?.description, `${method} ${route}`).toContain('Send the same request again');
        }
      }
    }
  });

  it('names every record kind with its fields, a description and an example the schema takes', async () => {
    const document = await documentOf(API_DOCS.broker.page);
    const records = document.paths[`${BROKER_API_BASE}${BROKER_API_PATHS.records}`]!.post!;
    expect(JSON.stringify(records.requestBody)).toContain('"$ref":"#/components/schemas/IngestionRecordInput"');
    const multipart = JSON.stringify(
      (records.requestBody as { content: Record<string, unknown> }).content['multipart/form-data'],
    );
    expect(multipart).toContain('"required":["records"]');
    expect(multipart).toContain('"contentMediaType":"application/pdf"');
    const kinds = document.components.schemas.IngestionRecordInput!.oneOf!.map((kind) => kind.$ref);
    expect(kinds).toEqual(RECORD_DOCS.map((record) => `#/components/schemas/${record.id}Input`));
    for (const record of RECORD_DOCS) {
      const component = document.components.schemas[`${record.id}Input`]!;
      expect(component.description, record.id).toBe(record.description);
      expect(component.example, record.id).toEqual(record.example);
      expect(record.schema.safeParse(record.example).success, record.id).toBe(true);
    }
  });

  it('names, on every call, the refusals it may answer, a missing credential among them, and when to send again', async () => {
    for (const api of [API_DOCS.customer.page, API_DOCS.broker.page]) {
      const document = await documentOf(api);
      for (const [route, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const statuses = Object.keys(operation.responses ?? {});
          const call = `${method} ${route}`;
          expect(
            statuses.some((status) => status.startsWith('4')),
            call,
          ).toBe(true);
          const needsCredential = Array.isArray(operation.security) && operation.security.length > 0;
          if (needsCredential)
            expect(
              statuses.some((status) => ['401', '4XX'].includes(status)),
              call,
            ).toBe(true);
          const busy = operation.responses!['503'] as { headers?: Record<string, unknown> };
          expect(Object.keys(busy.headers ?? {}), call).toEqual(['Retry-After']);
        }
      }
    }
  });

  it('describes the replies a route sends as the database wrote them, the files, and the bodies read by hand', async () => {
    const document = await documentOf(API_DOCS.customer.page);
    const operation = (path: string, method = 'get') =>
      JSON.stringify(document.paths[`${API_BASE}${path.replace(/:(\w+)/g, '{$1}').replace('*', '{key}')}`]![method]);
    // The lists: their rows and their pagination, the cursors included.
    for (const path of [API_PATHS.shipments, API_PATHS.invoices]) {
      for (const words of ['"pagination"', '"cursors"', '"last_page"']) expect(operation(path), path).toContain(words);
    }
    expect(operation(API_PATHS.shipments)).toContain('"pending_docs"');
    // The downloads: their media types, as bytes.
    for (const [path, type] of [
      [API_PATHS.invoicesCsv, 'text/csv'],
      [API_PATHS.invoicePdf, 'application/pdf'],
      [API_PATHS.securityEventsCsv, 'text/csv'],
      [API_PATHS.reportExport, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [API_PATHS.file, 'image/png'],
    ] as const) {
      expect(operation(path), path).toContain(`"${type}":{"schema":{"type":"string","format":"binary"}}`);
    }
    // A file's storage key is a named path parameter, in both APIs.
    const broker = await documentOf(API_DOCS.broker.page);
    for (const [path, operations] of [
      [`${API_BASE}${API_PATHS.file}`, document.paths],
      [`${BROKER_API_BASE}${BROKER_API_PATHS.file}`, broker.paths],
    ] as const) {
      const described = operations[path.replace('*', '{key}')]!.get!;
      expect(described.parameters, path).toEqual([
        expect.objectContaining({
          in: 'path',
          name: 'key',
          required: true,
          schema: { type: 'string', maxLength: 300 },
        }),
      ]);
    }
    // The bodies: a settings save in either of its readings, an upload as a multipart file part.
    const save = operation(API_PATHS.saveSettings, 'post');
    for (const words of ['"user_emails"', '"warehouses"']) expect(save).toContain(words);
    expect(operation(API_PATHS.uploadDocument, 'post')).toContain(
      '"multipart/form-data":{"schema":{"type":"object","properties":{"file":{"type":"string","format":"binary"',
    );
  });

  it('holds the named schemas its calls use and no other', async () => {
    const broker = await documentOf(API_DOCS.broker.page);
    const customer = await documentOf(API_DOCS.customer.page);
    expect(Object.keys(broker.components.schemas)).toContain('IngestionRecordInput');
    // The records are the broker's: the customer API names none, and no call answers a record's output form.
    expect(Object.keys(customer.components.schemas ?? {})).toEqual([]);
    expect(Object.keys(broker.components.schemas).filter((name) => name.endsWith('Record'))).toEqual([]);
    const described = JSON.stringify({ paths: broker.paths, schemas: broker.components.schemas });
    for (const name of Object.keys(broker.components.schemas)) {
      expect(described).toContain(`"#/components/schemas/${name}"`);
    }
  });

  it('describes each refusal code, the parent ones asking for the parent first', async () => {
    const document = await documentOf(API_DOCS.broker.page);
    const described = JSON.stringify(document);
    for (const code of RECORD_REFUSAL_CODES) {
      expect(described).toContain(JSON.stringify(`- \`${code}\`: ${RECORD_REFUSAL_CODE_DOCS[code]}`).slice(1, -1));
    }
    for (const parent of ['company', 'account', 'shipment'] as const) {
      expect(RECORD_REFUSAL_CODE_DOCS[`unknown_${parent}`]).toContain(`send the ${parent} record first`);
    }
  });

  it("describes each change feed event's type and detail", async () => {
    const document = await documentOf(API_DOCS.broker.page);
    const events = JSON.stringify(document.paths[`${BROKER_API_BASE}${BROKER_API_PATHS.events}`]!.get);
    const userTypes = [
      'user.created',
      'user.updated',
      'user.deleted',
      'user.password_link_sent',
      'user.sessions_ended',
      'user.two_factor_reset',
    ];
    // The demurrage watch's: a last free day the broker changed, and demurrage that started.
    const containerTypes = ['container.lfd_changed', 'container.demurrage_started'];
    // The broker's own act (its approval) is not in the feed.
    const customerActs = Object.values(SHIPMENT_ACTIVITY).filter(
      (type) => type !== SHIPMENT_ACTIVITY.deliveryOrderApproved,
    );
    expect(Object.keys(EVENT_TYPE_DOCS).sort()).toEqual([...customerActs, ...userTypes, ...containerTypes].sort());
    for (const type of Object.keys(EVENT_TYPE_DOCS)) expect(events).toContain(`\`${type}\`: detail {`);
  });

  it('describes how a webhook is signed and which event types an endpoint may choose', async () => {
    const document = await documentOf(API_DOCS.broker.page);
    const create = JSON.stringify(document.paths[`${BROKER_API_BASE}${WEBHOOK_PATHS.webhooks}`]!.post);
    for (const words of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'HMAC-SHA256', 'whsec_']) {
      expect(create).toContain(words);
    }
    for (const type of Object.keys(EVENT_TYPE_DOCS)) expect(create).toContain(`"${type}"`);
  });
});
