import { describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { BROKER_API_BASE, BROKER_API_PATHS } from '@clearport/contract/ingestion';
import { testAppForFile } from '../../test/build-app.ts';
import { API_DOCS } from './api-docs.ts';

const t = testAppForFile({}, { freshSeed: false });

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown; parameters?: unknown[] }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
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
    expect(list.security).toEqual([{ session: [] }]);
    expect(paths.length).toBeGreaterThan(30);
  });

  it('describes the broker API from the contract, behind the API key, without the customer calls', async () => {
    const document = await documentOf(API_DOCS.broker.page);
    expect(Object.keys(document.paths).sort()).toEqual(
      [BROKER_API_PATHS.events, BROKER_API_PATHS.file.replace('*', '{*}'), BROKER_API_PATHS.records]
        .map((route) => `${BROKER_API_BASE}${route}`)
        .sort(),
    );
    const records = document.paths[`${BROKER_API_BASE}${BROKER_API_PATHS.records}`]!.post!;
    expect(JSON.stringify(records.requestBody)).toContain('"records"');
    expect(records.security).toEqual([{ brokerKey: [] }]);
    expect(document.components.securitySchemes.brokerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves each interactive page and its files without a login', async () => {
    for (const { page, title } of Object.values(API_DOCS)) {
      const response = await t.app.inject({ method: 'GET', url: page });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<title>${title}</title>`);
      for (const asset of response.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
        const file = await t.app.inject({ method: 'GET', url: asset[1]! });
        expect(file.statusCode, asset[1]).toBe(200);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/assets/package.json` })).statusCode).toBe(404);
  });
});
