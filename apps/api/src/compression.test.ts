import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { buildTestApp, injectAs, login, type TestApp } from '../test/build-app.ts';
import { COMPRESS_THRESHOLD_BYTES } from './app.ts';

let t: TestApp;
let webDir: string;
const script = `console.log(${JSON.stringify('x'.repeat(4_000))});`;
/** The built page's inline script (the route's preloads), which the CSP allows by its hash. */
const inlineScript = 'document.documentElement.dataset.preloaded = "1";';

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-web-'));
  await mkdir(path.join(webDir, 'assets'));
  const index = `<!doctype html><title>Clearport</title><script>${inlineScript}</script><div id="root"></div>`;
  const files: Record<string, string> = { 'index.html': index, 'assets/index-abc123.js': script };
  for (const [name, content] of Object.entries(files)) {
    await writeFile(path.join(webDir, name), content);
    await writeFile(path.join(webDir, `${name}.br`), brotliCompressSync(content));
    await writeFile(path.join(webDir, `${name}.gz`), gzipSync(content));
  }
  t = await buildTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('compressed and cached assets', () => {
  it('sends a hashed asset as the brotli or gzip file built beside it, cached for a year', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates index.html on every client route', async () => {
    for (const url of ['/', '/shipments/12']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps the document policies on pages and off the hashed assets, which keep nosniff and the resource policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/shipments', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const inlineHash = createHash('sha256').update(inlineScript).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${inlineHash}';`);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers.etag).toBeDefined();
    expect(Object.keys(page.headers).sort()).toEqual(
      [
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
        'cache-control',
        'accept-ranges',
        'last-modified',
        'etag',
        'content-type',
        'content-length',
        'vary',
        'content-encoding',
        'date',
        'connection',
      ].sort(),
    );

    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    // Every asset's head is counted again for each of a page's files: only what a script or style needs.
    expect(Object.keys(asset.headers).sort()).toEqual(
      [
        'cross-origin-resource-policy',
        'x-content-type-options',
        'cache-control',
        'content-type',
        'content-length',
        'vary',
        'content-encoding',
        'date',
        'connection',
      ].sort(),
    );
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(asset.headers.vary).toBe('accept-encoding');
  });
});

describe('compressed API replies', () => {
  it('compresses JSON above the threshold and leaves small replies as they are', async () => {
    const token = await login(t.app, 'primary@demo.test');
    const list = await injectAs(t.app, token, {
      method: 'GET',
      url: `${API_BASE}${API_PATHS.shipments}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(list.rawPayload);
    expect(body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(body.toString()).data.length).toBeGreaterThan(0);

    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
