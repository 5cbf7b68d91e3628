import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, login, type TestApp } from '../test/build-app.ts';
import { BAD_PATH_ESCAPE_MESSAGE, PATH_PART_TOO_LONG_MESSAGE } from './lib/errors.ts';

let t: TestApp;
let webDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Clearport</title><div id="root"></div>');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({ webDir, logLevel: 'info', logStream: stream });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the server', () => {
  it('answers /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers on every reply', async () => {
    for (const url of ['/', '/api/user/profile', '/healthz']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain('frame-ancestors');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves the web client for every client route (history fallback)', async () => {
    for (const url of [
      '/',
      '/shipments',
      '/shipments/',
      '/shipments/12',
      '/reset-password/abc',
      '/no/such/page',
      '/assets',
      '/assets/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/shipments' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API path with a JSON 404, not the web client', async () => {
    const token = await login(t.app, 'primary@demo.test');
    const response = await injectAs(t.app, token, { method: 'GET', url: '/api/user/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Not found');
  });

  it('answers a path with an empty, dot or overlong segment, or a NUL, as one it has nothing at', async () => {
    for (const url of ['/api//user', '/api/user//shipments', `/api/${'a'.repeat(300)}`, '/api/user/%00']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toEqual({ message: 'Not found' });
      }
    }
    // A page's path loads the client, which shows its own page for an address it has not.
    for (const url of ['//shipments', `/${'a'.repeat(300)}`, '/assets/../index.html', '/shipments%00']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
    }
    // An API path spelt with an escape the router decodes is one: JSON, not the client's page.
    const escaped = await t.app.inject({ method: 'GET', url: '/%61pi/user/no-such-call' });
    expect(escaped.statusCode).toBe(404);
    expect(escaped.json()).toEqual({ message: 'Not found' });
    const wrongMethod = await t.app.inject({ method: 'POST', url: '/%61pi/user/shipments' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD');
    // A file's key with a NUL, sent with a method the files do not answer.
    const post = await t.app.inject({ method: 'POST', url: '/api/user/files/%00' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('answers a page path the web files refuse (an empty or dot segment) without a warning of listeners', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    const server = await buildTestApp({ webDir, seedDemo: false });
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      for (const path of ['/x//y', '/a/./b', '/shipments//230', '/x//y']) {
        const page = await fetch(`${address}${path}`);
        expect(page.status, path).toBe(200);
        expect(await page.text(), path).toContain('<title>Clearport</title>');
      }
      // Node tells of a listener past ten on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await server.close();
    }
  });

  it("answers a request Node's parser refuses, and headers past 16 KB, as every refusal", async () => {
    const server = await buildTestApp({ webDir, seedDemo: false });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const exchange = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const chunks: Buffer[] = [];
          const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
          socket.on('data', (chunk: Buffer) => chunks.push(chunk));
          socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
          socket.on('error', reject);
        });
      const answers = [
        await exchange('GET / HTTP/1.1\r\nHost: portal\r\nBad header\r\n\r\n'),
        await exchange(
          'POST /api/user/login HTTP/1.1\r\nHost: portal\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
        ),
        await exchange(`GET /shipments HTTP/1.1\r\nHost: portal\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`),
      ];
      const [head, body] = answers[0]!.split('\r\n\r\n') as [string, string];
      expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(head).toContain('Cache-Control: no-store');
      expect(head).toContain('Content-Type: application/json; charset=utf-8');
      expect(JSON.parse(body)).toEqual({ message: 'Bad Request: the request is not HTTP/1.1 the server can read.' });
      expect(answers[1]).toMatch(/^HTTP\/1\.1 400 /);
      expect(answers[2]).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(answers[2]!.split('\r\n\r\n')[1]!)).toEqual({
        message: "Request Header Fields Too Large: a request's headers come to at most 16 KB.",
      });
    } finally {
      await server.close();
    }
  });

  it("answers a path the API description's assets refuse as not found, and a range a file lacks without a field", async () => {
    for (const url of ['/api/docs/assets//swagger-ui.css', '/api/docs/assets//index.css']) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(404);
      expect(asset.json(), url).toEqual({ message: 'Not found' });
    }
    const range = await t.app.inject({ method: 'GET', url: '/index.html', headers: { range: 'bytes=999999-' } });
    expect(range.statusCode).toBe(416);
    expect(range.json().field).toBeUndefined();
  });

  it('answers a path the router cannot read as every refusal, with the headers of every reply', async () => {
    const escape = await t.app.inject({ method: 'GET', url: '/api/user/shipments/details/%E0%A4%A' });
    expect(escape.statusCode).toBe(400);
    expect(escape.json()).toEqual({ message: BAD_PATH_ESCAPE_MESSAGE });
    const long = await t.app.inject({
      method: 'POST',
      url: `/api/broker/v1/admin/api-keys/${'1'.repeat(120)}/revoke`,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: PATH_PART_TOO_LONG_MESSAGE });
    for (const reply of [escape, long]) {
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('answers a path it serves with a method it does not as 405, naming the methods it answers', async () => {
    const calls = [
      { method: 'GET', url: '/api/broker/v1/records', allow: 'POST' },
      { method: 'PUT', url: '/api/user/login?next=1', allow: 'POST' },
      { method: 'DELETE', url: '/api/user/shipments/details/230', allow: 'GET, HEAD' },
      { method: 'POST', url: '/api/user/shipments', allow: 'GET, HEAD' },
    ] as const;
    for (const { method, url, allow } of calls) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.json().message).toBe(`Method not allowed: this path answers ${allow}`);
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/api/user/shipments/230/no-such-part' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });

  it('writes JSON log lines with a request id and never a password or a token', async () => {
    const password = 'portal-demo';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: 'primary@demo.test', password },
    });
    const { token } = response.json();
    await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' });
    await t.app.inject({ method: 'POST', url: '/api/reset-password/secret-reset-token', payload: {} });
    await t.app.inject({ method: 'GET', url: '/reset-password/secret-reset-token' });

    const lines = logLines.join('').trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.some((entry) => typeof entry.reqId === 'string' && String(entry.reqId).length >= 32)).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(password);
    expect(all).not.toContain(token);
    expect(all).not.toContain('secret-reset-token');
    expect(all).toContain('/reset-password/[redacted]');
  });
});
