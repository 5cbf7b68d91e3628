import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BROKER_ADMIN_ERRORS, BROKER_ADMIN_PATHS } from '@clearport/contract/broker-admin';
import { BROKER_API_BASE } from '@clearport/contract/ingestion';
import { API_PATHS } from '@clearport/contract/paths';
import {
  SESSION_ERRORS,
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_TTL_SECONDS,
  type SessionsResponse,
} from '@clearport/contract/sessions';
import { SUBUSER_ERRORS } from '@clearport/contract/subusers';
import {
  apiUrl,
  buildTestApp,
  injectAs,
  keepSession,
  login,
  sessionCookieOf,
  testAppForFile,
  type TestApp,
} from '../../../test/build-app.ts';
import { newBrokerKey } from '../../../test/broker-api.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { runBrokerCommand } from '../../cli/broker.ts';
import { hashToken } from '../../lib/tokens.ts';
import { THROTTLE } from './login-throttle.ts';

const t = testAppForFile();

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const profileUrl = apiUrl(API_PATHS.profile);

/** A login from a browser: the reply, with the user agent and address the session keeps. */
function loginReply(app: TestApp['app'], email: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: apiUrl(API_PATHS.login),
    payload: { userName: email, password: DEMO_PASSWORD },
    headers,
    remoteAddress,
  });
}

/** The Set-Cookie lines of a reply. */
function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const value = response.headers['set-cookie'];
  return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
}

/** The attributes of a Set-Cookie line, lower-cased names, as a set. */
function attributesOf(line: string): Set<string> {
  return new Set(
    line
      .split(';')
      .slice(1)
      .map((part) => part.trim().replace(/^([^=]+)/, (name) => name.toLowerCase())),
  );
}

describe('the session cookie', () => {
  it('holds the secret HttpOnly, SameSite=Strict, on / for a day, with the plain name on http', async () => {
    const response = await loginReply(t.app, 'user@demo.test');
    expect(response.statusCode).toBe(200);
    const [line] = setCookies(response);
    expect(line).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    const attributes = attributesOf(line!);
    for (const attribute of ['httponly', 'samesite=Strict', 'path=/', 'max-age=86400']) {
      expect(attributes, line).toContain(attribute);
    }
    expect(attributes).not.toContain('secure');
    // The reply's token is the request token: not the secret, and not what the database keeps.
    const secret = line!.split(';')[0]!.split('=')[1]!;
    const { token } = response.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(secret);
    expect(response.body).not.toContain(secret);
    const stored = await t.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(hashToken(secret));
    expect(stored.map((row) => row.token_hash)).not.toContain(hashToken(token));
  });

  it('needs both the cookie and its request token: neither alone, nor another session’s', async () => {
    const user = keepSession(await loginReply(t.app, 'user@demo.test'));
    const manager = await loginReply(t.app, 'manager@demo.test');
    const managerToken = keepSession(manager);
    const userCookie = (await injectAs(t.app, user, { method: 'GET', url: profileUrl })).statusCode;
    expect(userCookie).toBe(200);

    const cookieOfUser = sessionCookieOf(await loginReply(t.app, 'user@demo.test'))!;
    const bearerAlone = await t.app.inject({
      method: 'GET',
      url: profileUrl,
      headers: { authorization: `Bearer ${user}` },
    });
    expect(bearerAlone.statusCode).toBe(401);
    expect(bearerAlone.headers['www-authenticate']).toBe('Bearer realm="Clearport"');
    const cookieAlone = await t.app.inject({ method: 'GET', url: profileUrl, headers: { cookie: cookieOfUser } });
    expect(cookieAlone.statusCode).toBe(401);
    expect(cookieAlone.headers['www-authenticate']).toBe('Bearer realm="Clearport"');
    const mixed = await t.app.inject({
      method: 'GET',
      url: profileUrl,
      headers: { cookie: cookieOfUser, authorization: `Bearer ${managerToken}` },
    });
    expect(mixed.statusCode).toBe(401);
    // The secret itself as the bearer is no request token either.
    const secretAsBearer = await t.app.inject({
      method: 'GET',
      url: profileUrl,
      headers: { cookie: cookieOfUser, authorization: `Bearer ${cookieOfUser.split('=')[1]}` },
    });
    expect(secretAsBearer.statusCode).toBe(401);
  });

  it('asks every call for the request token, also of a session this process checked a moment ago', async () => {
    const reply = await loginReply(t.app, 'user@demo.test');
    const cookie = sessionCookieOf(reply)!;
    const { token } = reply.json<{ token: string }>();
    const managerToken = keepSession(await loginReply(t.app, 'manager@demo.test'));
    const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    // The profile checks the session before it answers; the list checks it in its own statement.
    for (const url of [profileUrl, apiUrl(API_PATHS.shipments)]) {
      const call = (bearer: string) =>
        t.app.inject({ method: 'GET', url, headers: { cookie, authorization: `Bearer ${bearer}` } });
      expect((await call(token)).statusCode).toBe(200);
      for (const bearer of [managerToken, changed, cookie.split('=')[1]!, `${token}A`]) {
        expect((await call(bearer)).statusCode, bearer).toBe(401);
      }
      expect((await call(token)).statusCode).toBe(200);
    }
  });

  it('refuses a change another site asks for, even with both halves, and a login from another site', async () => {
    const token = await login(t.app, 'primary@demo.test');
    const note = { method: 'POST', url: apiUrl(API_PATHS.endOtherSessions) } as const;
    const crossSite = await injectAs(t.app, token, { ...note, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: SESSION_ERRORS.crossSite });
    const sameSite = await injectAs(t.app, token, { ...note, headers: { 'sec-fetch-site': 'same-site' } });
    expect(sameSite.statusCode).toBe(403);
    const otherOrigin = await injectAs(t.app, token, { ...note, headers: { origin: 'https://elsewhere.example' } });
    expect(otherOrigin.statusCode).toBe(403);
    const nullOrigin = await injectAs(t.app, token, { ...note, headers: { origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);

    const loginFromElsewhere = await loginReply(t.app, 'primary@demo.test', { origin: 'https://elsewhere.example' });
    expect(loginFromElsewhere.statusCode).toBe(403);
    expect(setCookies(loginFromElsewhere)).toEqual([]);
    // The sign-in's second steps too, before their body is read.
    for (const path of [API_PATHS.loginSecondFactor, API_PATHS.loginEnrolment, API_PATHS.loginEnrolmentConfirm]) {
      const secondStep = await t.app.inject({
        method: 'POST',
        url: apiUrl(path),
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: {},
      });
      expect(secondStep.statusCode, path).toBe(403);
    }

    // A read from another site (a link followed) is not a change; the same origin's change goes through.
    const read = await injectAs(t.app, token, {
      method: 'GET',
      url: profileUrl,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    const own = await injectAs(t.app, token, {
      ...note,
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://portal.test' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('logout ends the session and clears the cookie', async () => {
    const response = await loginReply(t.app, 'viewer@demo.test');
    const token = keepSession(response);
    const secret = sessionCookieOf(response)!.split('=')[1]!;
    const logout = await injectAs(t.app, token, { method: 'POST', url: apiUrl(API_PATHS.logout) });
    expect(logout.statusCode).toBe(200);
    const [line] = setCookies(logout);
    expect(line).toMatch(/^session=;/);
    expect(attributesOf(line!)).toContain('max-age=0');
    expect(attributesOf(line!)).toContain('httponly');
    const left = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(secret))
      .execute();
    expect(left).toEqual([]);
    expect((await injectAs(t.app, token, { method: 'GET', url: profileUrl })).statusCode).toBe(401);
  });

  it('a new sign-in in the same browser ends the session it held', async () => {
    const first = await loginReply(t.app, 'user@demo.test');
    const firstCookie = sessionCookieOf(first)!;
    const second = await loginReply(t.app, 'user@demo.test', { cookie: firstCookie });
    expect(second.statusCode).toBe(200);
    const firstSecret = firstCookie.split('=')[1]!;
    const left = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(firstSecret))
      .execute();
    expect(left).toEqual([]);
  });

  it('tells the idle limit in the profile and in the session call', async () => {
    const token = await login(t.app, 'user@demo.test');
    const profile = await injectAs(t.app, token, { method: 'GET', url: profileUrl });
    expect(profile.json()).toMatchObject({ session_idle_minutes: 30 });
    const session = await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.session) });
    expect(session.statusCode).toBe(200);
    expect(session.json().idle_minutes).toBe(30);
    const expiresIn = Date.parse(session.json().expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(86_000_000);
    expect(expiresIn).toBeLessThanOrEqual(86_400_000);
  });
});

describe('the session cookie over https', () => {
  let https: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [https, proxied] = await Promise.all([
      buildTestApp({ publicUrl: 'https://portal.example' }),
      buildTestApp({ trustProxy: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([https?.close(), proxied?.close()]);
  });

  it('is __Host- and Secure when PUBLIC_URL is https, and read only by that name', async () => {
    const response = await loginReply(https.app, 'user@demo.test');
    const [line] = setCookies(response);
    expect(line).toMatch(/^__Host-session=[A-Za-z0-9_-]{43};/);
    const attributes = attributesOf(line!);
    for (const attribute of ['secure', 'httponly', 'samesite=Strict', 'path=/', 'max-age=86400']) {
      expect(attributes, line).toContain(attribute);
    }
    expect([...attributes].some((attribute) => attribute.startsWith('domain'))).toBe(false);
    const token = keepSession(response);
    expect((await injectAs(https.app, token, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
    // The same secret under the plain name (a cookie a sibling host could set) is no session.
    const plain = line!.split(';')[0]!.replace('__Host-session', 'session');
    const asPlain = await https.app.inject({
      method: 'GET',
      url: profileUrl,
      headers: { cookie: plain, authorization: `Bearer ${token}` },
    });
    expect(asPlain.statusCode).toBe(401);
    const logout = await injectAs(https.app, token, { method: 'POST', url: apiUrl(API_PATHS.logout) });
    expect(setCookies(logout)[0]).toMatch(/^__Host-session=; .*Secure/);
  });

  it('is __Host- and Secure when a trusted proxy says the request came over https, plain otherwise', async () => {
    const overHttps = await loginReply(proxied.app, 'user@demo.test', { 'x-forwarded-proto': 'https' });
    expect(setCookies(overHttps)[0]).toMatch(/^__Host-session=.*; Secure/);
    const overHttp = await loginReply(proxied.app, 'user@demo.test');
    expect(setCookies(overHttp)[0]).toMatch(/^session=/);
    expect(attributesOf(setCookies(overHttp)[0]!)).not.toContain('secure');
  });

  it("refuses a trusted proxy's forwarded address that is not an IP address, keeping nothing of it", async () => {
    const keysBefore = await proxied.app.db.selectFrom('login_throttle').select('key').execute();
    for (const forwarded of ['x'.repeat(6000), 'not-an-address', '203.0.113.7 rm, 10.0.0.1']) {
      const response = await loginReply(proxied.app, 'user@demo.test', { 'x-forwarded-for': forwarded });
      expect(response.statusCode, forwarded.slice(0, 30)).toBe(400);
      expect(response.json()).toMatchObject({ field: 'x-forwarded-for' });
    }
    expect(await proxied.app.db.selectFrom('login_throttle').select('key').execute()).toEqual(keysBefore);
    const forwarded = await loginReply(proxied.app, 'user@demo.test', { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' });
    expect(forwarded.statusCode).toBe(200);
    const session = await proxied.app.db
      .selectFrom('sessions')
      .select('ip_address')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.ip_address).toBe('203.0.113.7');
  });
});

describe("the broker's sign-in link (token_user)", () => {
  const linksUrl = `${BROKER_API_BASE}${BROKER_ADMIN_PATHS.signInLinks}`;
  const exchange = (token: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.exchangeSignInLink),
      payload: { token },
      remoteAddress,
    });
  const clearThrottle = () => t.app.db.deleteFrom('login_throttle').execute();

  async function mintLink(email: string) {
    const admin = (await newBrokerKey(t.app.db, 'Console', ['admin'])).key;
    const made = await injectAs(t.app, admin, { method: 'POST', url: linksUrl, payload: { email } });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ token: string; url: string; expires_at: string }>();
  }

  it('is made by the admin API only, for an active user, kept as a hash, for ten minutes', async () => {
    const integration = (await newBrokerKey(t.app.db)).key;
    const notAdmin = await injectAs(t.app, integration, {
      method: 'POST',
      url: linksUrl,
      payload: { email: 'user@demo.test' },
    });
    expect(notAdmin.statusCode).toBe(403);
    const customer = await login(t.app, 'primary@demo.test');
    const asCustomer = await injectAs(t.app, customer, {
      method: 'POST',
      url: linksUrl,
      payload: { email: 'user@demo.test' },
    });
    expect(asCustomer.statusCode).toBe(401);

    const link = await mintLink('User@Demo.test');
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const url = new URL(link.url);
    expect(url.origin).toBe('http://portal.test');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('token_user')).toBe(link.token);
    expect(url.searchParams.get('name_user')).toBeTruthy();
    expect(url.searchParams.get('primary')).toBeTruthy();
    const row = await t.app.db
      .selectFrom('sign_in_links')
      .select(['token_hash', sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds')])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(link.token));
    expect(row.seconds).toBe(SIGN_IN_LINK_TTL_SECONDS);
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(SIGN_IN_LINK_TTL_SECONDS * 1000);

    const admin = (await newBrokerKey(t.app.db, 'Console', ['admin'])).key;
    const unknown = await injectAs(t.app, admin, { method: 'POST', url: linksUrl, payload: { email: 'no@one.test' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BROKER_ADMIN_ERRORS.signInUserNotFound);
    const malformed = await injectAs(t.app, admin, { method: 'POST', url: linksUrl, payload: { email: 'nope' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('is exchanged once for a session whose cookie the reply sets; used again it answers 401', async () => {
    await clearThrottle();
    const link = await mintLink('manager@demo.test');
    const response = await exchange(link.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ role: 4 });
    expect(setCookies(response)[0]).toMatch(/^session=[A-Za-z0-9_-]{43}; .*HttpOnly/);
    const token = keepSession(response);
    const profile = await injectAs(t.app, token, { method: 'GET', url: profileUrl });
    expect(profile.json().email).toBe('manager@demo.test');

    const again = await exchange(link.token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: SIGN_IN_LINK_INVALID });
    expect(setCookies(again)).toEqual([]);
    // Two at once: one session, never two.
    const twin = await mintLink('manager@demo.test');
    const both = await Promise.all([exchange(twin.token), exchange(twin.token)]);
    expect(both.map((each) => each.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers 401 to an expired or unknown link, or one of a user no longer active', async () => {
    await clearThrottle();
    const expired = await mintLink('user@demo.test');
    await t.app.db
      .updateTable('sign_in_links')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(expired.token))
      .execute();
    expect((await exchange(expired.token)).statusCode).toBe(401);
    expect((await exchange('made-up-token')).statusCode).toBe(401);

    const viewer = await mintLink('viewer@demo.test');
    await t.app.db.updateTable('users').set({ active: false }).where('email', '=', 'viewer@demo.test').execute();
    try {
      expect((await exchange(viewer.token)).statusCode).toBe(401);
    } finally {
      await t.app.db.updateTable('users').set({ active: true }).where('email', '=', 'viewer@demo.test').execute();
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: apiUrl(API_PATHS.exchangeSignInLink),
      payload: { token: '' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('is refused (409) for a user who signs in with a second factor or whose company requires one, and a link made before is refused at its exchange', async () => {
    await clearThrottle();
    const admin = (await newBrokerKey(t.app.db, 'Console', ['admin'])).key;
    const make = (email: string) => injectAs(t.app, admin, { method: 'POST', url: linksUrl, payload: { email } });
    const manager = await t.app.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'manager@demo.test')
      .executeTakeFirstOrThrow();
    const earlier = await mintLink('manager@demo.test');
    await t.app.db
      .insertInto('user_second_factors')
      .values({ user_id: manager.id, secret_encrypted: 'sealed', confirmed_at: sql<Date>`now()` })
      .execute();
    try {
      const refusedLink = await make('manager@demo.test');
      expect(refusedLink.statusCode).toBe(409);
      expect(refusedLink.json()).toMatchObject({ message: BROKER_ADMIN_ERRORS.signInSecondFactor, field: 'email' });
      expect((await exchange(earlier.token)).statusCode).toBe(401);
    } finally {
      await t.app.db.deleteFrom('user_second_factors').where('user_id', '=', manager.id).execute();
    }

    await t.app.db
      .updateTable('companies')
      .set({ require_two_factor: true })
      .where('id', '=', manager.company_id)
      .execute();
    try {
      expect((await make('manager@demo.test')).statusCode).toBe(409);
    } finally {
      await t.app.db
        .updateTable('companies')
        .set({ require_two_factor: false })
        .where('id', '=', manager.company_id)
        .execute();
    }
    expect((await make('manager@demo.test')).statusCode).toBe(201);
  });

  it('is throttled per client address like the login', async () => {
    await clearThrottle();
    const codes: number[] = [];
    for (let attempt = 0; attempt < THROTTLE.free.linkExchange + 3; attempt += 1) {
      codes.push((await exchange(`guess-${attempt}`, '10.9.9.9')).statusCode);
    }
    expect(codes.slice(0, THROTTLE.free.linkExchange)).toEqual(Array(THROTTLE.free.linkExchange).fill(401));
    expect(codes).toContain(429);
    // Another address is not held.
    const link = await mintLink('user@demo.test');
    expect((await exchange(link.token, '10.9.9.10')).statusCode).toBe(200);
    await clearThrottle();
  });

  it('is made by `npm run broker -- sign-in-link EMAIL` through the same action', async () => {
    await clearThrottle();
    const made = await runBrokerCommand(t.app.db, ['sign-in-link', 'user@demo.test'], {
      publicUrl: 'https://portal.example',
    });
    expect(made.code).toBe(0);
    const url = new URL(made.lines.at(-1)!);
    expect(url.origin).toBe('https://portal.example');
    const token = url.searchParams.get('token_user')!;
    expect((await exchange(token)).statusCode).toBe(200);
    const unknown = await runBrokerCommand(t.app.db, ['sign-in-link', 'nobody@demo.test']);
    expect(unknown).toEqual({ code: 1, lines: [BROKER_ADMIN_ERRORS.signInUserNotFound] });
  });
});

describe('the sessions a user sees and ends', () => {
  const list = async (token: string) => {
    const response = await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.sessions) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionsResponse>().sessions;
  };

  it('lists the live sign-ins: device in words, address, started, last used, this one first', async () => {
    const phone = keepSession(
      await loginReply(t.app, 'primary@other.test', { 'user-agent': SAFARI_ON_IPHONE }, '10.1.1.1'),
    );
    const desk = keepSession(
      await loginReply(t.app, 'primary@other.test', { 'user-agent': CHROME_ON_WINDOWS }, '10.2.2.2'),
    );
    const sessions = await list(desk);
    expect(sessions[0]).toMatchObject({
      device: 'Chrome on Windows',
      ip_address: '10.2.2.2',
      is_current: true,
      user_agent: CHROME_ON_WINDOWS,
    });
    const other = sessions.find((each) => each.device === 'Safari on iPhone');
    expect(other).toMatchObject({ ip_address: '10.1.1.1', is_current: false });
    expect(Date.parse(other!.created_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(other!.last_used_at)).toBeGreaterThanOrEqual(Date.parse(other!.created_at));
    expect(sessions.filter((each) => each.is_current)).toHaveLength(1);
    // Another user's sessions are not listed.
    const mine = await list(phone);
    expect(mine.map((each) => each.id).sort()).toEqual(sessions.map((each) => each.id).sort());
    const theirs = await list(await login(t.app, 'user@demo.test'));
    expect(theirs.some((each) => sessions.some((session) => session.id === each.id))).toBe(false);
  });

  it('ends another sign-in of the user, which answers 401 after; never its own or another user’s', async () => {
    const phone = await login(t.app, 'primary@other.test');
    const desk = await login(t.app, 'primary@other.test');
    const phoneId = (await list(phone)).find((each) => each.is_current)!.id;
    const deskId = (await list(desk)).find((each) => each.is_current)!.id;

    const own = await injectAs(t.app, desk, { method: 'DELETE', url: apiUrl(API_PATHS.endSession, { id: deskId }) });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SESSION_ERRORS.ownSession);
    const someoneElse = await login(t.app, 'primary@demo.test');
    const notTheirs = await injectAs(t.app, someoneElse, {
      method: 'DELETE',
      url: apiUrl(API_PATHS.endSession, { id: phoneId }),
    });
    expect(notTheirs.statusCode).toBe(404);
    expect((await injectAs(t.app, phone, { method: 'GET', url: profileUrl })).statusCode).toBe(200);

    const ended = await injectAs(t.app, desk, { method: 'DELETE', url: apiUrl(API_PATHS.endSession, { id: phoneId }) });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await injectAs(t.app, phone, { method: 'GET', url: profileUrl })).statusCode).toBe(401);
    expect((await injectAs(t.app, desk, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
    const again = await injectAs(t.app, desk, { method: 'DELETE', url: apiUrl(API_PATHS.endSession, { id: phoneId }) });
    expect(again.statusCode).toBe(404);
  });

  it('ends every other sign-in at once, and keeps this one', async () => {
    const others = [await login(t.app, 'primary@other.test'), await login(t.app, 'primary@other.test')];
    const desk = await login(t.app, 'primary@other.test');
    const bystander = await login(t.app, 'primary@demo.test');
    const ended = await injectAs(t.app, desk, { method: 'POST', url: apiUrl(API_PATHS.endOtherSessions) });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().ended).toBeGreaterThanOrEqual(2);
    for (const other of others) {
      expect((await injectAs(t.app, other, { method: 'GET', url: profileUrl })).statusCode).toBe(401);
    }
    expect((await injectAs(t.app, desk, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
    expect((await injectAs(t.app, bystander, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
    expect(await list(desk)).toHaveLength(1);
  });
});

async function userId(email: string): Promise<number | undefined> {
  return (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
}

describe("a user's sign-ins ended from the users screen", () => {
  const endAll = (token: string, id: number) =>
    injectAs(t.app, token, { method: 'POST', url: apiUrl(API_PATHS.endSubuserSessions, { id }) });

  it('the primary user and a manager end all of a user’s sign-ins, recorded in the user’s history', async () => {
    const target = (await userId('user@demo.test'))!;
    const sessions = [await login(t.app, 'user@demo.test'), await login(t.app, 'user@demo.test')];
    const primary = await login(t.app, 'primary@demo.test');
    const response = await endAll(primary, target);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().ended).toBeGreaterThanOrEqual(2);
    for (const session of sessions) {
      expect((await injectAs(t.app, session, { method: 'GET', url: profileUrl })).statusCode).toBe(401);
    }
    const history = await t.app.db
      .selectFrom('user_changes')
      .select(['action', 'changed_by', 'detail'])
      .where('user_id', '=', target)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toMatchObject({ action: 'end-sessions', changed_by: await userId('primary@demo.test') });
    expect(history.detail).toEqual({ ended: response.json().ended });

    const again = await login(t.app, 'user@demo.test');
    const manager = await login(t.app, 'manager@demo.test');
    expect((await endAll(manager, target)).statusCode).toBe(200);
    expect((await injectAs(t.app, again, { method: 'GET', url: profileUrl })).statusCode).toBe(401);
  });

  it('answers 404 for another company’s user, 403 for a role that manages no users or the primary user', async () => {
    const otherCompanyUser = (await userId('primary@other.test'))!;
    const theirs = await login(t.app, 'primary@other.test');
    const primary = await login(t.app, 'primary@demo.test');
    const crossCompany = await endAll(primary, otherCompanyUser);
    expect(crossCompany.statusCode).toBe(404);
    expect((await injectAs(t.app, theirs, { method: 'GET', url: profileUrl })).statusCode).toBe(200);

    const user = await login(t.app, 'user@demo.test');
    const byUser = await endAll(user, (await userId('viewer@demo.test'))!);
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().message).toBe(SUBUSER_ERRORS.notAllowed);
    const manager = await login(t.app, 'manager@demo.test');
    const ofPrimary = await endAll(manager, (await userId('primary@demo.test'))!);
    expect(ofPrimary.statusCode).toBe(403);
    expect((await injectAs(t.app, primary, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
  });
});

describe('the idle end (SESSION_IDLE_MINUTES)', () => {
  /** The session's last use, moved back or read. */
  const lastUsed = async (secret: string) =>
    (
      await t.app.db
        .selectFrom('sessions')
        .select('last_used_at')
        .where('token_hash', '=', hashToken(secret))
        .executeTakeFirstOrThrow()
    ).last_used_at;
  const moveBack = (secret: string, seconds: number) =>
    t.app.db
      .updateTable('sessions')
      .set({ last_used_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
      .where('token_hash', '=', hashToken(secret))
      .execute();

  async function session(email: string) {
    const response = await loginReply(t.app, email);
    return { token: keepSession(response), secret: sessionCookieOf(response)!.split('=')[1]! };
  }

  it('ends a session unused for 30 minutes, though its day is not over', async () => {
    const { token, secret } = await session('user@demo.test');
    await moveBack(secret, 29 * 60);
    expect((await injectAs(t.app, token, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
    await moveBack(secret, 30 * 60 + 1);
    const ended = await injectAs(t.app, token, { method: 'GET', url: profileUrl });
    expect(ended.statusCode).toBe(401);
    // Nor is it listed among the user's sign-ins.
    const other = await login(t.app, 'user@demo.test');
    const listed = await injectAs(t.app, other, { method: 'GET', url: apiUrl(API_PATHS.sessions) });
    const ids = listed.json<SessionsResponse>().sessions.map((each) => each.id);
    const row = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(secret))
      .executeTakeFirst();
    expect(ids).not.toContain(row!.id);
  });

  it('notes a use at most once a minute: a call within the minute writes nothing', async () => {
    const { token, secret } = await session('user@demo.test');
    await moveBack(secret, 30);
    const before = await lastUsed(secret);
    for (let call = 0; call < 3; call += 1) {
      expect((await injectAs(t.app, token, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
    }
    expect(await lastUsed(secret)).toEqual(before);

    await moveBack(secret, 61);
    const old = await lastUsed(secret);
    expect((await injectAs(t.app, token, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
    const noted = await lastUsed(secret);
    expect(noted.getTime()).toBeGreaterThan(old.getTime() + 50_000);
    // The one note moves the idle end on: 29 minutes after it, the session still answers.
    await moveBack(secret, 29 * 60);
    expect((await injectAs(t.app, token, { method: 'GET', url: profileUrl })).statusCode).toBe(200);
  });

  it('follows SESSION_IDLE_MINUTES', async () => {
    const short = await buildTestApp({ sessionIdleMinutes: 5 });
    try {
      const response = await loginReply(short.app, 'user@demo.test');
      const token = keepSession(response);
      const secret = sessionCookieOf(response)!.split('=')[1]!;
      const profile = await injectAs(short.app, token, { method: 'GET', url: profileUrl });
      expect(profile.json().session_idle_minutes).toBe(5);
      await short.app.db
        .updateTable('sessions')
        .set({ last_used_at: sql<Date>`now() - interval '5 minutes 1 second'` })
        .where('token_hash', '=', hashToken(secret))
        .execute();
      expect((await injectAs(short.app, token, { method: 'GET', url: profileUrl })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
