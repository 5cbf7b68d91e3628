import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { API_DOCS } from '../src/plugins/api-docs.ts';
import { testAppForFile } from './build-app.ts';

/**
 * A brokerage's developer generates a typed client from the broker API's description alone
 * (openapi-typescript, as its README says) and writes an integration against it: a shipment, a
 * milestone and an invoice pushed, the feed read. The integration must type-check, and a record
 * the API would refuse must not.
 */

const t = testAppForFile({}, { freshSeed: false });
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** The sample integration, as a developer would write it against `broker-api.ts`. */
const INTEGRATION = `
import type { components, paths } from './broker-api.ts';

type Records = paths['/api/broker/v1/records']['post']['requestBody']['content']['application/json'];
type Results = paths['/api/broker/v1/records']['post']['responses']['200']['content']['application/json'];
type Events = paths['/api/broker/v1/events']['get']['responses']['200']['content']['application/json'];
type Shipment = components['schemas']['ShipmentRecordInput'];

const base = 'http://127.0.0.1:3000';
const headers = { authorization: 'Bearer cpk_example', 'content-type': 'application/json' };

async function push(records: Records['records']): Promise<Results> {
  const response = await fetch(base + '/api/broker/v1/records', { method: 'POST', headers, body: JSON.stringify({ records }) });
  return (await response.json()) as Results;
}

export async function integrate(): Promise<string | null> {
  const shipment: Shipment = {
    kind: 'shipment',
    file_number: '11223344556',
    account_no: '40001',
    status: 'submitted',
    est_time_arrive: '2026-12-01 08:00:00',
    vessel_name: 'Maersk Ohio',
  };
  const released: Shipment = { kind: 'shipment', file_number: '11223344556', status: 'released' };
  const { results } = await push([
    shipment,
    released,
    {
      kind: 'invoice',
      invoice_number: 'INV-20931',
      account_no: '40001',
      amount: '1250.40',
      due_date: '2026-12-20',
      pdf: { name: 'INV-20931.pdf', content_base64: 'JVBERi0xLjQK' },
    },
  ]);
  for (const result of results) {
    if (result.outcome === 'refused') console.error(result.index, result.key, result.code, result.field, result.reason);
  }
  const response = await fetch(base + '/api/broker/v1/events?limit=100', { headers });
  const page = (await response.json()) as Events;
  for (const event of page.events) console.log(event.cursor, event.type, event.file_number, event.detail);
  return page.next;
}
`;

/** Records the API refuses, each of which the generated types must refuse too. */
const WRONG = [
  `const status: Shipment = { kind: 'shipment', file_number: 'X', status: 'shipped' };`,
  `const noKey: Shipment = { kind: 'shipment', status: 'released' };`,
  `const kind: Records['records'][number] = { kind: 'customs_bond', file_number: 'X' };`,
  `const paid: Records['records'][number] = { kind: 'invoice', invoice_number: 'I', account_no: 'A', is_paid: 'yes' };`,
];

function diagnosticsOf(folder: string, file: string): string[] {
  const program = ts.createProgram([path.join(folder, file)], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('a client generated from the broker API description', () => {
  it('type-checks an integration that pushes a shipment, a milestone and an invoice and reads the feed', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_DOCS.broker.page}/json` });
    expect(response.statusCode).toBe(200);
    const client = astToString(await openapiTS(response.json()));
    const folder = await mkdtemp(path.join(os.tmpdir(), 'clearport-broker-client-'));
    folders.push(folder);
    await writeFile(path.join(folder, 'broker-api.ts'), client);
    await writeFile(path.join(folder, 'integration.ts'), INTEGRATION);
    expect(diagnosticsOf(folder, 'integration.ts')).toEqual([]);

    for (const [index, wrong] of WRONG.entries()) {
      const file = `wrong-${index}.ts`;
      const types = INTEGRATION.split('\n').filter((line) => line.startsWith('import ') || line.startsWith('type '));
      await writeFile(path.join(folder, file), [...types, wrong, 'export {};'].join('\n'));
      expect(diagnosticsOf(folder, file).length, wrong).toBeGreaterThan(0);
    }
  }, 120_000);
});
