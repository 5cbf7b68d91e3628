import { readdir, readFile } from 'node:fs/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TEXTS } from '@clearport/contract/texts';
import { buildTestApp, injectAs, login, type TestApp } from '../../../test/build-app.ts';
import { THROTTLE } from './login-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

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
    const session = await t.app.db
      .selectFrom('sessions')
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.seconds).toBe(86_400);
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
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
      await t.app.db.deleteFrom('login_failures').execute();
    }
  });
});

describe('GET /api/user/profile', () => {
  it('names the user, the company and the visible accounts', async () => {
    const token = await login(t.app, 'user@demo.test');
    const profile = (await injectAs(t.app, token, { method: 'GET', url: '/api/user/profile' })).json();
    expect(profile).toMatchObject({ email: 'user@demo.test', role: 5, company: { name: 'Demo Imports LLC' } });
    expect(profile.accounts).toEqual([{ account_no: '40001', document_tracking: false }]);
  });
});

describe('forgot and reset password', () => {
  it('resets a password end to end through the outbox, once', async () => {
    const forgot = await post('/api/forgot-password', { email: 'manager@demo.test' });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().message).toBe(TEXTS.forgotPasswordSuccess);

    const mail = await newestMail();
    expect(mail.to).toMatchObject({ text: 'manager@demo.test' });
    const token = resetTokenIn(mail);
    expect(token).toHaveLength(43);

    const otherSession = await login(t.app, 'manager@demo.test');
    const wrongEmail = await post(`/api/reset-password/${token}`, {
      email: 'user@demo.test',
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().message).toBe(TEXTS.resetInvalid);

    const reset = await post(`/api/reset-password/${token}`, {
      email: 'manager@demo.test',
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(TEXTS.resetSuccess);

    expect((await post('/api/user/login', { userName: 'manager@demo.test', password: 'portal-demo' })).statusCode).toBe(
      401,
    );
    await login(t.app, 'manager@demo.test', 'new-secret-1');
    expect((await injectAs(t.app, otherSession, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);

    const again = await post(`/api/reset-password/${token}`, {
      email: 'manager@demo.test',
      password: 'another-secret',
      password_confirmation: 'another-secret',
    });
    expect(again.statusCode).toBe(400);
    await login(t.app, 'manager@demo.test', 'new-secret-1');
  });

  it('a reset link expires after one hour', async () => {
    await post('/api/forgot-password', { email: 'primary@other.test' });
    const token = resetTokenIn(await newestMail());
    expect(token).toHaveLength(43);
    const row = await t.app.db
      .selectFrom('password_resets')
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.seconds).toBe(3_600);
    await t.app.db
      .updateTable('password_resets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    const response = await post(`/api/reset-password/${token}`, {
      email: 'primary@other.test',
      password: 'new-secret-2',
      password_confirmation: 'new-secret-2',
    });
    expect(response.statusCode).toBe(400);
    await login(t.app, 'primary@other.test');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = await mailCount();
    const response = await post('/api/forgot-password', { email: 'nobody@nowhere.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(TEXTS.forgotPasswordSuccess);
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
  it('slows repeated failures down, then refuses with 429, and lets the user in once the lock ends', async () => {
    const attempt = (password: string) => post('/api/user/login', { userName: 'user@demo.test', password });
    const timings: number[] = [];
    for (let failure = 1; failure <= THROTTLE.lockAfterFailures; failure += 1) {
      const started = Date.now();
      const response = await attempt(`wrong-${failure}`);
      timings.push(Date.now() - started);
      expect(response.statusCode).toBe(401);
    }
    expect(Math.max(...timings.slice(THROTTLE.freeFailures + 1))).toBeGreaterThanOrEqual(1_000);

    const locked = await attempt('portal-demo');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed login attempts\. Please try again in 15 minutes\.$/);
    expect(locked.headers['retry-after']).toBeDefined();

    // Another user is not affected.
    await login(t.app, 'viewer@demo.test');

    await t.app.db
      .updateTable('login_failures')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .execute();
    await login(t.app, 'user@demo.test');
    const rows = await t.app.db
      .selectFrom('login_failures')
      .selectAll()
      .where('user_name', '=', 'user@demo.test')
      .execute();
    expect(rows).toEqual([]);
  });
});
