import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, API_BASE, API_PATHS } from '@clearport/contract/paths';
import { MAX_ID } from '@clearport/contract/http';
import { UNSTORABLE_TEXT_MESSAGE } from '@clearport/contract/storable-text';
import { buildTestApp, injectAs, login, sessionHeaders, type TestApp } from '../../test/build-app.ts';
import { lastNoteOf, shipmentIdOf, shipmentState } from '../../test/shipment-fixtures.ts';
import { RECORDS_URL, newBrokerKey } from '../../test/broker-api.ts';
import { NOT_UTF8_BODY_MESSAGE } from './json-body.ts';
import { redactUrl } from './redact-url.ts';

let t: TestApp;
let token: string;
let shipmentId: number;
const logLines: string[] = [];
const url = (path: string, params: Record<string, string | number> = {}) => `${API_BASE}${apiPath(path, params)}`;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({ logLevel: 'info', logStream, clientTimeoutMs: 500, requestTimeoutMs: 2_000 });
  token = await login(t.app, 'primary@demo.test');
  shipmentId = await shipmentIdOf(t.app.db, '40001');
});
afterAll(async () => t?.close());

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  injectAs(t.app, token, { method: 'POST', url: url(path, { id: shipmentId }), payload, headers });

describe('text PostgreSQL cannot store', () => {
  it('answers 400 naming the field for a NUL or a lone surrogate, and writes nothing', async () => {
    const before = await shipmentState(t.app.db, [shipmentId]);
    const cases: [string, object, string][] = [
      [API_PATHS.addNote, { note: 'a\u0000b' }, 'note'],
      [API_PATHS.saveReference, { reference_no: 'PO\u0000' }, 'reference_no'],
      [API_PATHS.saveReference, { reference_no: '\ud800' }, 'reference_no'],
      [API_PATHS.deliveryOrders, { note: '\udc00', reference_number: 'x' }, 'note'],
    ];
    for (const [path, payload, field] of cases) {
      const response = await post(path, payload);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toMatchObject({ field, message: `${field}: ${UNSTORABLE_TEXT_MESSAGE}` });
    }
    expect(await shipmentState(t.app.db, [shipmentId])).toEqual(before);
  });

  it('refuses it in the query, in a path and in the login form', async () => {
    for (const query of ['status=%00', 'account_no=%00', 'status=a%00b&page=1']) {
      const response = await injectAs(t.app, token, { method: 'GET', url: `${url(API_PATHS.shipments)}?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
    const deleteDoc = await injectAs(t.app, token, {
      method: 'DELETE',
      url: url(API_PATHS.deleteDocument, { id: shipmentId }),
      payload: { path: 'documents/a\u0000.pdf' },
    });
    expect(deleteDoc.statusCode).toBe(400);
    const loginAttempt = await t.app.inject({
      method: 'POST',
      url: url(API_PATHS.login),
      payload: { userName: 'primary@demo.test\u0000', password: 'x' },
    });
    expect(loginAttempt.statusCode).toBe(400);
    expect(loginAttempt.json()).toMatchObject({ field: 'userName' });
  });

  it('keeps text PostgreSQL stores: tabs, line breaks, accents and emoji', async () => {
    // Other control characters and bidirectional overrides are refused (test/security/control-characters.test.ts).
    const note = 'tab\there\nline two: ünïcode, 中文, emoji 📦';
    const response = await post(API_PATHS.addNote, { note });
    expect(response.statusCode).toBe(200);
    expect(await lastNoteOf(t.app.db, shipmentId)).toBe(note);
  });
});

describe('ids beyond PostgreSQL integers', () => {
  it('answers 400 for a trucker or warehouse id of 2^31', async () => {
    const withContainers = await shipmentIdOf(t.app.db, '40001', (query) =>
      query.where((eb) =>
        eb.exists(
          eb.selectFrom('containers').select('containers.id').whereRef('containers.shipment_id', '=', 'shipments.id'),
        ),
      ),
    );
    for (const field of ['trucker_id', 'warehouse_id']) {
      const response = await injectAs(t.app, token, {
        method: 'POST',
        url: url(API_PATHS.deliveryOrders, { id: withContainers }),
        payload: {
          trucker_id: 1,
          warehouse_id: 1,
          reference_number: '',
          note: '',
          containers: [1],
          bill_ladings: [1],
          [field]: MAX_ID + 1,
        },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });
});

describe('JSON charsets', () => {
  it('answers 415 to a JSON body in another charset than UTF-8, and writes nothing', async () => {
    const before = await shipmentState(t.app.db, [shipmentId]);
    for (const charset of ['utf-16', 'latin1', 'ISO-8859-1']) {
      const response = await post(
        API_PATHS.addNote,
        { note: 'not UTF-8' },
        { 'content-type': `application/json; charset=${charset}` },
      );
      expect(response.statusCode, charset).toBe(415);
    }
    expect(await shipmentState(t.app.db, [shipmentId])).toEqual(before);
    const utf8 = await post(
      API_PATHS.addNote,
      { note: 'UTF-8' },
      { 'content-type': 'application/json; charset=UTF-8' },
    );
    expect(utf8.statusCode).toBe(200);
  });

  it('answers 400 to a JSON body whose bytes are not UTF-8, on both APIs, and writes nothing', async () => {
    const before = await shipmentState(t.app.db, [shipmentId]);
    const latin1 = Buffer.from(JSON.stringify({ note: 'Société' }), 'latin1');
    const bodies = [latin1, Buffer.from('{"note":"\xed\xa0\x80"}', 'latin1'), Buffer.from([0xff, 0xfe, 0x7b, 0x00])];
    for (const payload of bodies) {
      const response = await injectAs(t.app, token, {
        method: 'POST',
        url: url(API_PATHS.addNote, { id: shipmentId }),
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, payload.toString('hex')).toBe(400);
      expect(response.json()).toMatchObject({ field: 'body', message: `body: ${NOT_UTF8_BODY_MESSAGE}` });
    }
    expect(await shipmentState(t.app.db, [shipmentId])).toEqual(before);
    const broker = await injectAs(t.app, (await newBrokerKey(t.app.db)).key, {
      method: 'POST',
      url: RECORDS_URL,
      payload: Buffer.from(
        JSON.stringify({ records: [{ kind: 'company', company_id: 'Z', name: 'Société' }] }),
        'latin1',
      ),
      headers: { 'content-type': 'application/json' },
    });
    expect(broker.statusCode).toBe(400);
    expect(broker.json().message).toBe(`body: ${NOT_UTF8_BODY_MESSAGE}`);
    // The same text in UTF-8, with a byte-order mark, is taken.
    const utf8 = await injectAs(t.app, token, {
      method: 'POST',
      url: url(API_PATHS.addNote, { id: shipmentId }),
      payload: Buffer.from(`\ufeff${JSON.stringify({ note: 'Société' })}`),
      headers: { 'content-type': 'application/json' },
    });
    expect(utf8.statusCode, utf8.body).toBe(200);
    expect(await lastNoteOf(t.app.db, shipmentId)).toBe('Société');
  });

  it('tells a body sent as text, or of a type no call takes, to come as JSON', async () => {
    const before = await shipmentState(t.app.db, [shipmentId]);
    const send = (payload: string, contentType: string) =>
      injectAs(t.app, token, {
        method: 'POST',
        url: url(API_PATHS.addNote, { id: shipmentId }),
        payload,
        headers: { 'content-type': contentType },
      });
    const asText = await send('{"note":"as text"}', 'text/plain');
    expect(asText.statusCode).toBe(400);
    expect(asText.json()).toMatchObject({
      field: 'body',
      message: expect.stringContaining('Content-Type: application/json'),
    });
    for (const contentType of [
      'application/xml',
      'application/merge-patch+json',
      'application/merge-patch+json; charset=latin1',
    ]) {
      const refused = await send(contentType.includes('xml') ? '<note>as XML</note>' : '{"note":"x"}', contentType);
      expect(refused.statusCode, contentType).toBe(415);
      expect(refused.json(), contentType).toMatchObject({
        field: 'content-type',
        message: expect.stringContaining('Content-Type: application/json'),
      });
    }
    expect(await shipmentState(t.app.db, [shipmentId])).toEqual(before);
  });
});

describe('headers', () => {
  it('sends Cache-Control: no-store on every API reply, the login reply included', async () => {
    const replies = [
      await t.app.inject({
        method: 'POST',
        url: url(API_PATHS.login),
        payload: { userName: 'primary@demo.test', password: 'portal-demo' },
      }),
      await t.app.inject({ method: 'GET', url: url(API_PATHS.profile) }),
      await injectAs(t.app, token, { method: 'GET', url: url(API_PATHS.shipments) }),
      await injectAs(t.app, token, { method: 'GET', url: `${API_BASE}/no/such/call` }),
      // The same calls with a letter of the path escaped, which the router decodes.
      await t.app.inject({
        method: 'POST',
        url: url(API_PATHS.login).replace('/api/', '/%61pi/'),
        payload: { userName: 'primary@demo.test', password: 'portal-demo' },
      }),
      await injectAs(t.app, token, { method: 'GET', url: url(API_PATHS.shipments).replace('/api/', '/%61pi/') }),
    ];
    expect(replies.at(-2)!.json()).toHaveProperty('token');
    expect(replies.at(-1)!.json()).toHaveProperty('data');
    for (const reply of replies) expect(reply.headers['cache-control'], reply.body.slice(0, 80)).toContain('no-store');
  });

  it('sends HSTS only when asked to (by default, when PUBLIC_URL is https)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBe(
      undefined,
    );
    const secure = await buildTestApp({ hsts: true, seedDemo: false });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });

  it('never logs a token from the query or the reset link', async () => {
    expect(redactUrl('/?token_user=SECRET&primary=Ann')).toBe('/?token_user=[redacted]&primary=Ann');
    expect(redactUrl('/api/reset-password/SECRET?x=1')).toBe('/api/reset-password/[redacted]?x=1');
    expect(redactUrl('/shipments?status=released')).toBe('/shipments?status=released');
    // Spelt with escapes the router decodes, a slash of the token's escaped too.
    expect(redactUrl('/api/%72eset-password/SEC%2FRET')).toBe('/api/reset-password/[redacted]');
    expect(redactUrl('/?%74oken_user=SECRET&primary=Ann')).toBe('/?token_user=[redacted]&primary=Ann');
    expect(redactUrl('/reset-password/SECRET?welcome=1&name=Ivy+Invited&email=ivy%40demo.test')).toBe(
      '/reset-password/[redacted]?welcome=1&name=[redacted]&email=[redacted]',
    );
    await t.app.inject({ method: 'GET', url: '/?token_user=SECRET-TOKEN-VALUE&primary=Ann' });
    expect(logLines.join('\n')).not.toContain('SECRET-TOKEN-VALUE');
  });
});

describe('slow and dropped clients', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Opens a socket, writes `data`, and resolves with the time until the server closes it. */
  function closedAfter(data: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => socket.write(data));
      socket.on('data', () => {});
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        reject(new Error('the server kept a stalled client open'));
      }, 10_000);
    });
  }

  it('drops a body that stalls and headers that never end', async () => {
    const stalledBody = `POST ${url(API_PATHS.login)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"use`;
    expect(await closedAfter(stalledBody)).toBeLessThan(5_000);
    expect(await closedAfter(`GET /healthz HTTP/1.1\r\nHost: x\r\n`)).toBeLessThan(5_000);
  });

  it('answers a request whose handler works longer than a client may stay silent, and its write is what it says', async () => {
    const reference = `SLOW-${Date.now()}`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Another writer holds the shipment's row for three times the 500 ms a silent client is given.
    const holder = t.app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('shipments').select('id').where('id', '=', shipmentId).forUpdate().execute();
      await released;
    });
    const answer = fetch(`http://127.0.0.1:${port}${url(API_PATHS.saveReference, { id: shipmentId })}`, {
      method: 'POST',
      headers: { ...sessionHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify({ reference_no: reference }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    release();
    await holder;
    const response = await answer;
    expect(response.status, await response.clone().text()).toBe(200);
    const stored = await t.app.db
      .selectFrom('shipments')
      .select('customer_reference_no')
      .where('id', '=', shipmentId)
      .executeTakeFirstOrThrow();
    expect(stored.customer_reference_no).toBe(reference);
    // The connection is kept for the next request, and a silence on it is still cut short.
    expect(await closedAfter(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\n`)).toBeLessThan(5_000);
  });

  it('drops a body that trickles in, a byte before each silence ends, once the whole request has taken too long', async () => {
    const length = 10_000;
    const dropped = await new Promise<{ sent: number; answer: string }>((resolve, reject) => {
      let sent = 0;
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${url(API_PATHS.login)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
        );
      });
      const trickle = setInterval(() => {
        if (!socket.writable || sent === length) return;
        socket.write('a');
        sent += 1;
      }, 100);
      socket.on('data', (chunk) => (answer += String(chunk)));
      socket.on('close', () => {
        clearInterval(trickle);
        resolve({ sent, answer });
      });
      socket.on('error', (error) => {
        clearInterval(trickle);
        reject(error);
      });
    });
    // Never silent for the 500 ms that drop a stalled client, it is dropped at the request's limit,
    // long before its body is complete.
    expect(dropped.sent).toBeLessThan(length);
    expect(dropped.sent).toBeGreaterThan(5);
    expect(dropped.answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);

  it('logs a client that drops mid-body as aborted, not as a database failure', async () => {
    logLines.length = 0;
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${url(API_PATHS.login)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"us`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = logLines.join('\n');
    expect(log).not.toContain('database unavailable');
    expect(log).toContain('request aborted by the client');
  });
});
