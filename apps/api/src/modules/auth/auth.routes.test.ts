import { readdir, readFile } from 'node:fs/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { DEFAULT_TIME_ZONE } from '@clearport/contract/constants';
import { TEXTS } from '@clearport/contract/texts';
import { injectAs, login, testAppForFile } from '../../../test/build-app.ts';
import { configFromEnv } from '../../config.ts';
import { HASHING, hashPassword } from '../../lib/passwords.ts';
import { THROTTLE, loginThrottleKeys, waitAfterMs } from './login-throttle.ts';

const t = testAppForFile();

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

/** Chooses `password` (confirmed) from the reset link of `token`, for `email`. */
const resetPassword = (token: string | undefined, email: string, password: string) =>
  post(`/api/reset-password/${token}`, { email, password, password_confirmation: password });

async function newestMail(): Promise<ParsedMail> {
  const outbox = path.join(t.dataDir, 'outbox');
  const files = (await readdir(outbox)).sort();
  return simpleParser(await readFile(path.join(outbox, files.at(-1)!)));
}

const resetTokenIn = (mail: ParsedMail) =>
  /http:\/\/portal\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];

async function mailCount(): Promise<number> {
  return (await readdir(path.join(t.dataDir, 'outbox')).catch(() => [])).length;
}

/** The reset mail is sent after the reply: waits for the mail that `send` causes. */
async function mailAfter(send: () => Promise<unknown>): Promise<ParsedMail> {
  const before = await mailCount();
  await send();
  for (let tries = 0; tries < 100 && (await mailCount()) === before; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return newestMail();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Waits until the outbox holds `count` mails (or gives up after 10 s), then a little longer. */
async function mailsReach(count: number): Promise<number> {
  for (let tries = 0; tries < 100 && (await mailCount()) < count; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await settle();
  return mailCount();
}

/** How long the newest session or reset link was issued for, in seconds. */
async function newestLifetimeSeconds(table: 'sessions' | 'password_resets'): Promise<number> {
  const row = await t.app.db
    .selectFrom(table)
    .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds'))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.seconds;
}

/** Makes every session or reset link one that expired a second ago. */
async function expireAll(table: 'sessions' | 'password_resets'): Promise<void> {
  await t.app.db
    .updateTable(table)
    .set({ expires_at: sql<Date>`now() - interval '1 second'` })
    .execute();
}

describe('POST /api/user/login', () => {
  it('answers a token, the name, the role and the primary contact', async () => {
    const response = await post('/api/user/login', { userName: 'user@demo.test', password: 'portal-demo' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.role).toBe(5);
    expect(body.name).not.toBe('');
    expect(body.primary).not.toBe('');
    expect(body.company_primary_contact).toBe(body.primary);
  });

  it('accepts the user name in any case and with spaces around it', async () => {
    const response = await post('/api/user/login', { userName: '  Manager@Demo.Test ', password: 'portal-demo' });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe(4);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(t.app, 'viewer@demo.test');
    const stored = await t.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers 401 with the spec message for a wrong password and for an unknown user', async () => {
    const wrong = await post('/api/user/login', { userName: 'primary@other.test', password: 'nope' });
    const unknown = await post('/api/user/login', { userName: 'nobody@demo.test', password: 'portal-demo' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(TEXTS.loginFailed);
    }
  });

  it('checks unknown names again after one refused while hashing was busy', async () => {
    const testCost = process.env.PASSWORD_HASH_COST;
    const unknownName = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { userName: `nobody-${from}@demo.test`, password: 'wrong' },
        remoteAddress: from,
      });
    try {
      // Every slot taken, by hashes that take a while: two running and the rest waiting.
      process.env.PASSWORD_HASH_COST = '17';
      const held = Array.from({ length: HASHING.running + HASHING.waiting }, () => hashPassword('held'));
      // A cost no unknown name of this process was checked at, so the login makes its hash now.
      process.env.PASSWORD_HASH_COST = '11';
      expect((await unknownName('10.9.0.1')).statusCode).toBe(503);
      await Promise.all(held);
      expect((await unknownName('10.9.0.2')).statusCode).toBe(401);
    } finally {
      process.env.PASSWORD_HASH_COST = testCost;
    }
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const before = await t.app.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[unknown, string]> = [
      [{ password: 'portal-demo' }, 'userName'],
      [{ userName: 'user@demo.test' }, 'password'],
      [{ userName: '', password: 'x' }, 'userName'],
      [{ userName: 42, password: 'x' }, 'userName'],
      [{ userName: 'user@demo.test', password: ['portal-demo'] }, 'password'],
    ];
    for (const [payload, field] of cases) {
      const response = await post('/api/user/login', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().field).toBe(field);
      expect(response.json().message).toContain(field);
    }
    // Empty fields in the spec's words (section 5), both empty in one.
    for (const [payload, text] of [
      [{ userName: '  ', password: 'x' }, 'Username cannot be empty'],
      [{ userName: 'user@demo.test', password: '' }, 'Password cannot be empty'],
      [{ userName: '', password: '' }, 'Username and Password cannot be empty'],
    ] as const) {
      const response = await post('/api/user/login', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual([text]);
    }
    const after = await t.app.db
      .selectFrom('sessions')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });
});

describe('sessions', () => {
  it('logout ends the token on the server', async () => {
    const token = await login(t.app, 'primary@demo.test');
    expect((await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(200);
    expect((await injectAs(t.app, token, { method: 'POST', url: '/api/user/logout' })).statusCode).toBe(200);
    expect((await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
  });

  it('a session expires after 86400 seconds', async () => {
    const token = await login(t.app, 'primary@demo.test');
    expect(await newestLifetimeSeconds('sessions')).toBe(86_400);
    await expireAll('sessions');
    expect((await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
  });

  it('calls without a token or with a made-up one answer 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
    expect((await injectAs(t.app, 'made-up', { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
  });

  it('a deactivated user cannot log in and loses their session', async () => {
    const token = await login(t.app, 'viewer@demo.test');
    await t.app.db.updateTable('users').set({ active: false }).where('email', '=', 'viewer@demo.test').execute();
    try {
      expect((await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
      const response = await post('/api/user/login', { userName: 'viewer@demo.test', password: 'portal-demo' });
      expect(response.statusCode).toBe(401);
    } finally {
      await t.app.db.updateTable('users').set({ active: true }).where('email', '=', 'viewer@demo.test').execute();
      await t.app.db.deleteFrom('login_throttle').execute();
    }
  });
});

describe('GET /api/user/profile', () => {
  it("names the user, the company, the visible accounts and the brokerage's address", async () => {
    const token = await login(t.app, 'user@demo.test');
    const profile = (await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' })).json();
    expect(profile).toMatchObject({ email: 'user@demo.test', role: 5, company: { name: 'Demo Imports LLC' } });
    expect(profile.accounts).toEqual([{ account_no: '40001', document_tracking: false }]);
    // The address the server's missing-container refusal names (BROKER_EMAIL), for the web's texts.
    expect(profile.broker_email).toBe(configFromEnv({}).brokerEmail);
  });

  it("gives the company's time zone, whose day the web counts last free days and report months by", async () => {
    const token = await login(t.app, 'user@demo.test');
    await t.app.db.updateTable('companies').set({ time_zone: 'America/Los_Angeles' }).execute();
    const profile = (await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' })).json();
    expect(profile.company.time_zone).toBe('America/Los_Angeles');
    await t.app.db.updateTable('companies').set({ time_zone: DEFAULT_TIME_ZONE }).execute();
  });
});

describe('forgot and reset password', () => {
  it('resets a password end to end through the outbox, once', async () => {
    let forgot = await post('/api/forgot-password', { email: 'manager@demo.test' });
    const mail = await mailAfter(async () => {
      forgot = await post('/api/forgot-password', { email: 'manager@demo.test' });
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().message).toBe(TEXTS.forgotPasswordSuccess);

    expect(mail.to).toMatchObject({ text: 'manager@demo.test' });
    const token = resetTokenIn(mail);
    expect(token).toHaveLength(43);

    const otherSession = await login(t.app, 'manager@demo.test');
    const wrongEmail = await resetPassword(token, 'user@demo.test', 'new-secret-1');
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().message).toBe(TEXTS.resetInvalid);

    const reset = await resetPassword(token, 'manager@demo.test', 'new-secret-1');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(TEXTS.resetSuccess);

    expect((await post('/api/user/login', { userName: 'manager@demo.test', password: 'portal-demo' })).statusCode).toBe(
      401,
    );
    await login(t.app, 'manager@demo.test', 'new-secret-1');
    expect((await injectAs(t.app, otherSession, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);

    const again = await resetPassword(token, 'manager@demo.test', 'another-secret');
    expect(again.statusCode).toBe(400);
    await login(t.app, 'manager@demo.test', 'new-secret-1');
  });

  it('sends the link in an HTML part too, as a link, the name escaped', async () => {
    const { company_id } = await t.app.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'primary@demo.test')
      .executeTakeFirstOrThrow();
    const email = 'markup-name@demo.test';
    await t.app.db
      .insertInto('users')
      .values({ company_id, name: '<b>Ann & Co</b>', email, password_hash: 'x', role: 5 })
      .execute();
    const mail = await mailAfter(() => post('/api/forgot-password', { email }));
    const link = `http://portal.test/reset-password/${resetTokenIn(mail)}`;

    expect(mail.text).toContain('Hello <b>Ann & Co</b>,');
    expect(mail.html).toContain('<p>Hello &#60;b&#62;Ann &#38; Co&#60;/b&#62;,</p>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
  });

  it('a reset link expires after one hour', async () => {
    const token = resetTokenIn(await mailAfter(() => post('/api/forgot-password', { email: 'primary@other.test' })));
    expect(token).toHaveLength(43);
    expect(await newestLifetimeSeconds('password_resets')).toBe(3_600);
    await expireAll('password_resets');
    const response = await resetPassword(token, 'primary@other.test', 'new-secret-2');
    expect(response.statusCode).toBe(400);
    await login(t.app, 'primary@other.test');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = await mailCount();
    const response = await post('/api/forgot-password', { email: 'nobody@nowhere.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(TEXTS.forgotPasswordSuccess);
    await settle();
    expect(await mailCount()).toBe(before);
  });

  it('refuses a malformed address with the spec message', async () => {
    const response = await post('/api/forgot-password', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'email', errors: [TEXTS.emailInvalid] });
  });

  it('checks the reset form with the spec messages', async () => {
    const cases: Array<[object, string, string]> = [
      [{ email: '', password: 'secret1', password_confirmation: 'secret1' }, 'email', TEXTS.resetEmailEmpty],
      [{ email: 'x@y', password: 'secret1', password_confirmation: 'secret1' }, 'email', TEXTS.resetEmailInvalid],
      [{ email: 'a@b.test', password: '', password_confirmation: '' }, 'password', TEXTS.resetPasswordEmpty],
      [
        { email: 'a@b.test', password: 'short', password_confirmation: 'short' },
        'password',
        TEXTS.resetPasswordTooShort,
      ],
      [
        { email: 'a@b.test', password: 'secret1', password_confirmation: '' },
        'password_confirmation',
        TEXTS.resetConfirmEmpty,
      ],
      [
        { email: 'a@b.test', password: 'secret1', password_confirmation: 'secret2' },
        'password_confirmation',
        TEXTS.resetPasswordsDiffer,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post('/api/reset-password/some-token', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().field).toBe(field);
      expect(response.json().errors).toContain(message);
    }
  });
});

describe('login throttling', () => {
  const attempt = (userName: string, password: string, from = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName, password },
      remoteAddress: from,
    });
  const clearThrottle = () => t.app.db.deleteFrom('login_throttle').execute();
  /** The clock moves to the end of the address's wait, or the wait is the longest there is. */
  const setAddressWait = (address: string, seconds: number) =>
    t.app.db
      .updateTable('login_throttle')
      .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
      .where('key', '=', `login-address:${address}`)
      .execute();
  const waitOver = (address: string) => setAddressWait(address, 0);
  const longestWait = (address: string) => setAddressWait(address, THROTTLE.maxWaitMs / 1000);
  /**
   * How many of a key's waits (1, 2, 4 … s) a burst lasting `ms` can outlast: each lets one more
   * attempt be checked. The burst is timed from before its first attempt, so this is never fewer.
   */
  const waitsWithin = (ms: number) => {
    let count = 0;
    // The waits after the free attempts: those set by the first, second … attempt beyond them.
    for (let total = waitAfterMs(1, 0); total <= ms; count += 1) total += waitAfterMs(count + 2, 0);
    return count;
  };
  /** A burst of attempts at once: their codes, and how many waits it could have outlasted. */
  const burstOf = async (attempts: Array<() => ReturnType<typeof attempt>>) => {
    const started = performance.now();
    const replies = await Promise.all(attempts.map((one) => one()));
    return { codes: replies.map((reply) => reply.statusCode), waits: waitsWithin(performance.now() - started) };
  };
  /** The address's count and the end of its wait, exactly. */
  const addressRow = (address: string) =>
    t.app.db
      .selectFrom('login_throttle')
      .select(['attempts', sql<string>`next_attempt_at::text`.as('until')])
      .where('key', '=', `login-address:${address}`)
      .executeTakeFirstOrThrow();

  it('counts an attempt before checking it, so a parallel burst cannot pass the throttle', async () => {
    await clearThrottle();
    const { codes, waits } = await burstOf(
      Array.from({ length: 100 }, (_, index) => () => attempt('user@demo.test', `wrong-${index}`)),
    );
    // The free attempts and the one that sets the first wait, and one more for each wait the burst
    // outlasted; every other attempt waits.
    const checked = codes.filter((code) => code === 401).length;
    expect(checked).toBeLessThanOrEqual(THROTTLE.free.pair + 1 + waits);
    expect(codes.filter((code) => code === 429).length).toBe(100 - checked);

    // The right password in the middle of a burst is not even checked. The name has used its free
    // attempts and its wait is over, so the burst's first attempt is checked and sets the longest
    // wait, however slowly the machine answers the rest.
    await clearThrottle();
    await t.app.db
      .insertInto('login_throttle')
      .values({
        key: loginThrottleKeys('user@demo.test', '127.0.0.1').pair.key,
        attempts: 20,
        window_started_at: sql<Date>`now()`,
        next_attempt_at: sql<Date>`now()`,
      })
      .execute();
    const passwords = Array.from({ length: 60 }, (_, index) => (index === 45 ? 'portal-demo' : `wrong-${index}`));
    const mixed = await Promise.all(passwords.map((password) => attempt('user@demo.test', password)));
    expect(mixed.map((response) => response.statusCode).filter((code) => code !== 429)).toEqual([401]);
  });

  it('slows a name down for at most a minute, never locks its owner out, and lets them in after', async () => {
    await clearThrottle();
    for (let failure = 1; failure <= THROTTLE.free.pair; failure += 1) {
      expect((await attempt('user@demo.test', `wrong-${failure}`)).statusCode).toBe(401);
    }
    // One more sets a wait; the attempts sent during it wait, the right password among them. (Sent
    // together with the one that sets it, which of them goes first is the database's choice.)
    expect((await attempt('user@demo.test', 'wrong-again')).statusCode).toBe(401);
    const next = await Promise.all([attempt('user@demo.test', 'wrong-too'), attempt('user@demo.test', 'portal-demo')]);
    expect(next.map((response) => response.statusCode)).toEqual([429, 429]);
    const waiting = next[0]!;
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(THROTTLE.maxWaitMs / 1000);
    expect(waiting.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    expect(waiting.json().errors).toEqual([waiting.json().message]);

    // Guesses from one address do not slow the owner at another; once the wait is over, the owner gets in.
    expect((await attempt('user@demo.test', 'portal-demo', '10.0.0.9')).statusCode).toBe(200);
    await t.app.db
      .updateTable('login_throttle')
      .set({ next_attempt_at: sql<Date>`now()` })
      .execute();
    expect((await attempt('user@demo.test', 'portal-demo')).statusCode).toBe(200);
    const left = await t.app.db
      .selectFrom('login_throttle')
      .select('key')
      .where('key', 'like', '%user@demo.test%')
      .execute();
    expect(left).toEqual([]);

    // Another user is not affected.
    await login(t.app, 'viewer@demo.test');
  });

  it('limits one client address trying many names', async () => {
    await clearThrottle();
    const codes: number[] = [];
    for (let index = 0; index < 120; index += 1) {
      codes.push((await attempt(`guess-${index}@demo.test`, 'wrong', '10.0.0.66')).statusCode);
    }
    expect(codes.slice(0, THROTTLE.free.address)).toEqual(Array(THROTTLE.free.address).fill(401));
    expect(codes.filter((code) => code === 429).length).toBeGreaterThan(80);
    // Other addresses, and logins that succeed, are not held back.
    expect((await attempt('primary@demo.test', 'portal-demo', '10.0.0.67')).statusCode).toBe(200);
  }, 180_000);

  it('lets colleagues behind a throttled address in one after another: a right password sets no wait', async () => {
    await clearThrottle();
    const office = '10.0.1.1';
    // The address's free attempts and the one that sets its first wait, all guesses.
    for (let index = 0; index <= THROTTLE.free.address; index += 1) {
      expect((await attempt(`guess-${index}@demo.test`, 'wrong', office)).statusCode).toBe(401);
    }
    await longestWait(office);
    expect((await attempt('guess-more@demo.test', 'wrong', office)).statusCode).toBe(429);
    await waitOver(office);

    const codes: number[] = [];
    for (const userName of ['primary@demo.test', 'user@demo.test', 'viewer@demo.test']) {
      codes.push((await attempt(userName, 'portal-demo', office)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200]);
    // The guesses are as slow as before: the next one is checked, counted after the others.
    expect((await attempt('guess-again@demo.test', 'wrong', office)).statusCode).toBe(401);
    expect((await addressRow(office)).attempts).toBe(THROTTLE.free.address + 2);
  });

  it('lets names that logged in from an address before in while a guessing flood from it waits', async () => {
    await clearThrottle();
    const office = '10.0.2.1';
    const colleagues = ['primary@demo.test', 'user@demo.test', 'viewer@demo.test'];
    for (const userName of colleagues) expect((await attempt(userName, 'portal-demo', office)).statusCode).toBe(200);
    // Wrong passwords, all at once, for the office's other users and for names no one has.
    const targets = [
      'manager@demo.test',
      'primary@other.test',
      ...Array.from({ length: 8 }, (_, i) => `nobody-${i}@x.test`),
    ];
    const { codes: floodCodes, waits } = await burstOf(
      Array.from(
        { length: 120 },
        (_, index) => () => attempt(targets[index % targets.length]!, `wrong-${index}`, office),
      ),
    );
    // The address's free attempts and the one that sets its first wait, and one for each wait outlasted.
    expect(floodCodes.filter((code) => code === 401).length).toBeLessThanOrEqual(THROTTLE.free.address + 1 + waits);
    expect(floodCodes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(80);
    // The flood has gone on for minutes.
    await longestWait(office);
    const flooded = await addressRow(office);

    for (const [index, userName] of colleagues.entries()) {
      expect((await attempt(userName, 'portal-demo', office)).statusCode).toBe(200);
      const guess = await attempt(`fresh-${index}@x.test`, 'wrong', office);
      expect(guess.statusCode).toBe(429);
      expect(Number(guess.headers['retry-after'])).toBeGreaterThan(1);
      expect((await attempt('manager@demo.test', `wrong-again-${index}`, office)).statusCode).toBe(429);
    }
    expect(await addressRow(office)).toEqual(flooded);

    // Guessing a colleague's password from the address is soon held back too.
    const codes: number[] = [];
    for (let index = 0; index < THROTTLE.free.known + 2; index += 1) {
      codes.push((await attempt('viewer@demo.test', `wrong-${index}`, office)).statusCode);
    }
    expect(codes).toEqual([...Array<number>(THROTTLE.free.known).fill(401), 429, 429]);
  });

  it('gives a guesser no faster guessing for logging in to an own account between guesses', async () => {
    await clearThrottle();
    const from = '10.0.3.1';
    let guesses = 0;
    const guess = async () => (await attempt(`guess-${(guesses += 1)}@demo.test`, 'wrong', from)).statusCode;
    const ownLogin = async (userName = 'viewer@demo.test') => (await attempt(userName, 'portal-demo', from)).statusCode;
    expect(await ownLogin()).toBe(200);
    for (let index = 0; index <= THROTTLE.free.address; index += 1) expect(await guess()).toBe(401);
    await longestWait(from);
    const waiting = await addressRow(from);
    expect(waiting.attempts).toBe(THROTTLE.free.address + 1);

    // The own login goes in; the guesses wait as before, and the address's count and wait stand.
    for (let round = 0; round < 3; round += 1) {
      expect(await ownLogin()).toBe(200);
      expect(await guess()).toBe(429);
    }
    expect(await addressRow(from)).toEqual(waiting);
    // A name that has not logged in from here waits with the guesses.
    expect(await ownLogin('primary@other.test')).toBe(429);

    // Once the wait is over, the next guess is checked and counted as it would be without the own logins.
    await waitOver(from);
    expect(await ownLogin('primary@other.test')).toBe(200);
    expect(await ownLogin()).toBe(200);
    expect(await guess()).toBe(401);
    const counted = await addressRow(from);
    expect(counted.attempts).toBe(THROTTLE.free.address + 2);
    expect(await ownLogin('primary@other.test')).toBe(200);
    expect(await ownLogin()).toBe(200);
    expect(await addressRow(from)).toEqual(counted);
  });

  it('counts a parallel burst of names from one address before checking any', async () => {
    await clearThrottle();
    const { codes, waits } = await burstOf(
      Array.from({ length: 100 }, (_, index) => () => attempt(`burst-${index}@demo.test`, 'wrong', '10.0.4.1')),
    );
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(THROTTLE.free.address + 1 + waits);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(60);
  });
});

describe('reset links and forgot-password limits', () => {
  const forgot = (email: string, from = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: from });

  it('ends every other reset link of the user when one is used', async () => {
    await t.app.db.deleteFrom('login_throttle').execute();
    const first = resetTokenIn(await mailAfter(() => forgot('user@demo.test', '10.3.0.1')));
    const second = resetTokenIn(await mailAfter(() => forgot('user@demo.test', '10.3.0.2')));
    expect(first).not.toBe(second);
    expect((await resetPassword(second, 'user@demo.test', 'newest-secret')).statusCode).toBe(200);
    expect((await resetPassword(first, 'user@demo.test', 'oldest-secret')).statusCode).toBe(400);
    await login(t.app, 'user@demo.test', 'newest-secret');
    const hash = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'viewer@demo.test')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('users')
      .set({ password_hash: hash.password_hash })
      .where('email', '=', 'user@demo.test')
      .execute();
  });

  it('ends the links and sign-ins pending when the password or the e-mail address changes', async () => {
    await t.app.db.deleteFrom('login_throttle').execute();
    const primary = await t.app.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'primary@demo.test')
      .executeTakeFirstOrThrow();
    const email = 'pending-links@demo.test';
    const { id } = await t.app.db
      .insertInto('users')
      .values({ company_id: primary.company_id, name: 'Pending Links', email, password_hash: 'x', role: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = sql<Date>`now() + interval '10 minutes'`;
    const pendingSignIns = async () => {
      await t.app.db
        .insertInto('login_challenges')
        .values({ user_id: id, token_hash: `challenge-${Math.random()}`, kind: 'enrol', expires_at: later })
        .execute();
      await t.app.db
        .insertInto('sign_in_links')
        .values({ user_id: id, token_hash: `link-${Math.random()}`, expires_at: later })
        .execute();
    };
    const pendingOf = async () =>
      Promise.all(
        (['login_challenges', 'sign_in_links', 'password_resets'] as const).map((table) =>
          t.app.db.selectFrom(table).select('id').where('user_id', '=', id).execute(),
        ),
      ).then((rows) => rows.map((found) => found.length));
    const primaryToken = await login(t.app, 'primary@demo.test');
    const edit = (body: object) =>
      injectAs(t.app, primaryToken, { method: 'PATCH', url: `/api/user/user/subusers/${id}`, payload: body });

    const beforePassword = resetTokenIn(await mailAfter(() => forgot(email, '10.3.1.1')));
    await pendingSignIns();
    expect(await pendingOf()).toEqual([1, 1, 1]);
    expect((await edit({ password: 'set-by-a-manager-1' })).statusCode).toBe(200);
    expect(await pendingOf()).toEqual([0, 0, 0]);
    expect((await resetPassword(beforePassword, email, 'chosen-by-a-guesser-1')).statusCode).toBe(400);

    // A link mailed to an address that is then corrected sets no password.
    const beforeEmail = resetTokenIn(await mailAfter(() => forgot(email, '10.3.1.2')));
    expect((await edit({ email: 'pending-links-corrected@demo.test' })).statusCode).toBe(200);
    expect(await pendingOf()).toEqual([0, 0, 0]);
    expect((await resetPassword(beforeEmail, 'pending-links-corrected@demo.test', 'chosen-late-1')).statusCode).toBe(
      400,
    );

    // Signing the user out everywhere ends the sign-ins about to begin too.
    await pendingSignIns();
    const ended = await injectAs(t.app, primaryToken, {
      method: 'POST',
      url: `/api/user/user/subusers/${id}/end-sessions`,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await pendingOf()).slice(0, 2)).toEqual([0, 0]);

    // A deactivated user's link sets no password.
    const beforeDeactivation = resetTokenIn(
      await mailAfter(() => forgot('pending-links-corrected@demo.test', '10.3.1.3')),
    );
    expect((await edit({ active: 0 })).statusCode).toBe(200);
    const afterDeactivation = await resetPassword(
      beforeDeactivation,
      'pending-links-corrected@demo.test',
      'too-late-1',
    );
    expect(afterDeactivation.statusCode).toBe(400);
  });

  it('limits forgot-password per client address, and the mails per address asked for', async () => {
    await t.app.db.deleteFrom('login_throttle').execute();
    const replies = [];
    // The free requests, the one that sets the first wait, and one that has to wait.
    for (let index = 0; index < THROTTLE.free.resetRequest + 2; index += 1) {
      replies.push(await forgot(`someone-${index}@nowhere.test`, '10.4.0.1'));
    }
    const codes = replies.map((reply) => reply.statusCode);
    expect(codes.at(-1)).toBe(429);
    // The wait is told as every failure of the form is, in the errors list (spec section 7).
    const { message, errors } = replies.at(-1)!.json<{ message: string; errors: string[] }>();
    expect(message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    expect(errors).toEqual([message]);
    expect(codes.slice(0, -1)).toEqual(Array(THROTTLE.free.resetRequest + 1).fill(200));

    const before = await mailCount();
    for (let index = 0; index < THROTTLE.free.resetMail + 3; index += 1) {
      expect((await forgot('manager@demo.test', `10.5.0.${index}`)).statusCode).toBe(200);
    }
    expect((await mailsReach(before + THROTTLE.free.resetMail)) - before).toBe(THROTTLE.free.resetMail);
    // None more that day, however long the asker waits between requests; the next day, again.
    const startedAgo = (interval: string) =>
      t.app.db
        .updateTable('login_throttle')
        .set({ window_started_at: sql<Date>`now() - ${interval}::interval`, next_attempt_at: sql<Date>`now()` })
        .where('key', '=', 'reset-mail:manager@demo.test')
        .execute();
    await startedAgo('20 hours');
    expect((await forgot('manager@demo.test', '10.5.1.1')).statusCode).toBe(200);
    await settle();
    expect((await mailCount()) - before).toBe(THROTTLE.free.resetMail);
    await startedAgo('25 hours');
    expect((await forgot('manager@demo.test', '10.5.1.2')).statusCode).toBe(200);
    expect((await mailsReach(before + THROTTLE.free.resetMail + 1)) - before).toBe(THROTTLE.free.resetMail + 1);
  });

  it('answers as fast for an unknown address as for a known one', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (let round = 0; round < 20; round += 1) {
      await t.app.db.deleteFrom('login_throttle').execute();
      for (const [list, email] of [
        [known, 'primary@demo.test'],
        [unknown, `nobody-${round}@nowhere.test`],
      ] as const) {
        const started = process.hrtime.bigint();
        await forgot(email, `10.6.${round}.1`);
        list.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    await settle();
    expect(median(known)).toBeLessThan(median(unknown) * 1.5 + 2);
  });
});

describe('a forgot-password mail that cannot be sent', () => {
  // Nothing listens on port 1: every message fails at once.
  const broken = testAppForFile({ smtpUrl: 'smtp://127.0.0.1:1' });

  it('is not one of the day’s mails of the address, so the user can ask again once mail is back', async () => {
    for (const from of ['10.6.0.1', '10.6.0.2', '10.6.0.3']) {
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'manager@demo.test' },
        remoteAddress: from,
      });
      expect(response.statusCode).toBe(200);
    }
    const counted = () =>
      broken.app.db
        .selectFrom('login_throttle')
        .select('attempts')
        .where('key', '=', 'reset-mail:manager@demo.test')
        .executeTakeFirst();
    // The mails are sent after the replies: each failure gives its count back.
    await vi.waitFor(async () => expect((await counted())?.attempts).toBe(0), { timeout: 15_000, interval: 50 });
  });
});
