import { timeTextIn } from '@clearport/contract/calendar';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, beforeEach, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { API_PATHS } from '@clearport/contract/paths';
import { TEXTS } from '@clearport/contract/texts';
import {
  LoginChallengeResponse,
  LoginEnrolmentConfirmResponse,
  RecoveryCodesResponse,
  TwoFactorResponse,
  TwoFactorSetupResponse,
} from '@clearport/contract/two-factor';
import { SECOND_FACTOR_WRONG_CODES_PER_DAY, TWO_FACTOR_ERRORS } from '@clearport/contract/two-factor-forms';
import { SETTINGS_ERRORS } from '@clearport/contract/settings';
import { LoginResponse } from '@clearport/contract/auth';
import { SUBUSER_ERRORS } from '@clearport/contract/subusers';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  apiUrl,
  DEMO_USERS,
  exactJson,
  injectAs,
  keepAnySession,
  login,
  testAppForFile,
} from '../../../test/build-app.ts';
import { addressesOf, outboxMessages } from '../../../test/delivery-order-fixtures.ts';
import { userIdOf } from '../../../test/session-users.ts';
import { otherSessionOf, whileHeld } from '../../../test/lock-waits.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { sealSecret } from '../../lib/secret-box.ts';
import { twoFactorRepository } from './two-factor.repository.ts';

// The server's clock moves on by whole steps instead of the tests waiting 30 seconds for each; the
// embedded database's now() follows it, so it is faked before the app is built.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
afterAll(() => vi.useRealTimers());

const t = testAppForFile();

const post = (path: string, payload: object, params: Record<string, number> = {}) =>
  t.app.inject({ method: 'POST', url: apiUrl(path, params), payload }).then(keepAnySession);
const postAs = (token: string, path: string, payload: object = {}, params: Record<string, number> = {}) =>
  injectAs(t.app, token, { method: 'POST', url: apiUrl(path, params), payload });

/** Moves the clock to the start of the next 30-second step, so a new code is due. */
const nextStep = () => vi.setSystemTime(Date.now() + TOTP.remaining() + 50);

/** A code of the secret for `steps` steps from now, generated with at least two seconds left in the step. */
function codeOf(secret: string, steps = 0): string {
  if (TOTP.remaining() < 2000) nextStep();
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

const loginReply = (email: string, password = DEMO_PASSWORD) => post(API_PATHS.login, { userName: email, password });

async function challengeOf(email: string, password = DEMO_PASSWORD): Promise<LoginChallengeResponse> {
  return exactJson(LoginChallengeResponse, await loginReply(email, password));
}

/** Sets up a second factor for the user of this session: the secret and the recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = exactJson(
    TwoFactorSetupResponse,
    await postAs(token, API_PATHS.startTwoFactor, { current_password: DEMO_PASSWORD }),
  );
  const confirmed = await postAs(token, API_PATHS.confirmTwoFactor, { code: codeOf(setup.secret) });
  return { secret: setup.secret, recoveryCodes: exactJson(RecoveryCodesResponse, confirmed).recovery_codes };
}

beforeEach(async () => {
  await t.app.db.deleteFrom('login_throttle').execute();
});

describe('two-factor sign-in', () => {
  it('sets up in Settings behind the password, then asks for a code at sign-in, each code once', async () => {
    const token = await login(t.app, DEMO_USERS.user);
    const before = exactJson(TwoFactorResponse, await injectAs(t.app, token, { url: apiUrl(API_PATHS.twoFactor) }));
    expect(before).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      company: { require_two_factor: false, can_change: false },
    });

    const wrongPassword = await postAs(token, API_PATHS.startTwoFactor, { current_password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().field).toBe('current_password');

    const setup = exactJson(
      TwoFactorSetupResponse,
      await postAs(token, API_PATHS.startTwoFactor, { current_password: DEMO_PASSWORD }),
    );
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Clearport:user%40demo\.test\?.*secret=/);
    expect(setup.uri).toContain('algorithm=SHA1&digits=6&period=30');
    expect(setup.qr_svg).toMatch(/^<svg/);
    const stored = await t.app.db
      .selectFrom('user_second_factors')
      .select('secret_encrypted')
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(setup.secret);

    const wrong = codeOf(setup.secret) === '000000' ? '111111' : '000000';
    const wrongCode = await postAs(token, API_PATHS.confirmTwoFactor, { code: wrong });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ field: 'code', message: TWO_FACTOR_ERRORS.codeWrong });
    // Six characters that are not six ASCII digits: wrong, not an error of the library's.
    for (const code of ['12345é', '１２３４５６', '1234😀']) {
      await t.app.db.deleteFrom('login_throttle').execute();
      const notDigits = await postAs(token, API_PATHS.confirmTwoFactor, { code });
      expect(notDigits.statusCode, code).toBe(400);
      expect(notDigits.json()).toMatchObject({ field: 'code', message: TWO_FACTOR_ERRORS.codeWrong });
    }
    await t.app.db.deleteFrom('login_throttle').execute();

    const firstCode = codeOf(setup.secret);
    const confirmed = exactJson(
      RecoveryCodesResponse,
      await postAs(token, API_PATHS.confirmTwoFactor, { code: firstCode }),
    );
    expect(confirmed.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.recovery_codes).size).toBe(10);
    const hashes = await t.app.db.selectFrom('user_recovery_codes').select('code_hash').execute();
    expect(hashes.map((row) => row.code_hash)).not.toContain(confirmed.recovery_codes[0]);

    // The login answers a challenge now, not a session; the first code's step is used up.
    const { challenge, step } = await challengeOf(DEMO_USERS.user);
    expect(step).toBe('second_factor');
    const reused = await post(API_PATHS.loginSecondFactor, { challenge, code: firstCode });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(TWO_FACTOR_ERRORS.codeWrong);

    nextStep();
    const code = codeOf(setup.secret);
    const session = exactJson(LoginResponse, await post(API_PATHS.loginSecondFactor, { challenge, code }));
    expect(session.role).toBe(5);
    const profile = await injectAs(t.app, session.token, { url: apiUrl(API_PATHS.profile) });
    expect(profile.statusCode).toBe(200);

    // The challenge was taken, and the code with it.
    const again = await post(API_PATHS.loginSecondFactor, { challenge, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(TWO_FACTOR_ERRORS.challengeExpired);
    const second = await challengeOf(DEMO_USERS.user);
    const sameCode = await post(API_PATHS.loginSecondFactor, { challenge: second.challenge, code });
    expect(sameCode.json().message).toBe(TWO_FACTOR_ERRORS.codeWrong);
  });

  it('takes a code of the step before, not of two steps before, nor of two steps ahead', async () => {
    const token = await login(t.app, DEMO_USERS.manager);
    const { secret } = await enrol(token);
    // As if the set-up's code was used long ago: the step before now is still unused.
    const managerId = await userIdOf(t.app.db, DEMO_USERS.manager);
    await t.app.db
      .updateTable('user_second_factors')
      .set({ last_used_step: 0 })
      .where('user_id', '=', managerId)
      .execute();

    const { challenge } = await challengeOf(DEMO_USERS.manager);
    for (const steps of [-2, 2]) {
      const refused = await post(API_PATHS.loginSecondFactor, { challenge, code: codeOf(secret, steps) });
      expect(refused.statusCode, `${steps} steps`).toBe(401);
    }
    const previous = await post(API_PATHS.loginSecondFactor, { challenge, code: codeOf(secret, -1) });
    expect(previous.statusCode).toBe(200);
    exactJson(LoginResponse, previous);
  });

  it('takes no code after the day’s ten wrong ones, tells the user, and takes codes again the next day', async () => {
    const email = 'second-factor-guessed@demo.test';
    const { secret, recoveryCodes } = await enrol(await newUser(email));
    await t.app.db.updateTable('users').set({ name: '<b>Ann & Co</b>' }).where('email', '=', email).execute();
    const { challenge } = await challengeOf(email);
    const mailsBefore = (await outboxMessages(t.dataDir)).length;
    const wrongCode = () => (codeOf(secret) === '000000' ? '111111' : '000000');
    for (let attempt = 1; attempt <= SECOND_FACTOR_WRONG_CODES_PER_DAY; attempt++) {
      // The login throttle's waits are its own test's: here each guess is the first.
      await t.app.db.deleteFrom('login_throttle').execute();
      const code = attempt % 2 ? wrongCode() : 'not-a-recovery-code';
      const wrong = await post(API_PATHS.loginSecondFactor, { challenge, code });
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const notices = (await outboxMessages(t.dataDir)).slice(mailsBefore);
    expect(notices.map((mail) => [addressesOf(mail.to), mail.subject])).toEqual([
      [[email], 'Wrong two-factor codes at your Clearport sign-in'],
    ]);
    // Until when, in the company's zone: a day after the first wrong code.
    const { first_wrong_code_at: firstWrong, time_zone: timeZone } = await t.app.db
      .selectFrom('user_second_factors')
      .innerJoin('users', 'users.id', 'user_second_factors.user_id')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['user_second_factors.first_wrong_code_at', 'companies.time_zone'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    const until = timeTextIn(new Date(firstWrong!.getTime() + 86_400_000), timeZone);
    expect(until).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M [A-Z]{3,4}$/);
    expect(notices[0]!.text!.replace(/\s+/g, ' ')).toContain(
      `takes no more codes until ${until}, a day after the first`,
    );
    // In an HTML part too, the name escaped.
    expect(notices[0]!.text).toContain('Hello <b>Ann & Co</b>,');
    expect(notices[0]!.html).toContain('<p>Hello &#60;b&#62;Ann &#38; Co&#60;/b&#62;,</p>');
    expect(notices[0]!.html).toContain(
      '<p>If this was not you, change your password at once and tell your brokerage (reply to this e-mail).</p>',
    );
    expect(notices[0]!.html).not.toContain('<b>');
    await t.app.db.deleteFrom('login_throttle').execute();
    for (const code of [codeOf(secret), recoveryCodes[0]!]) {
      const locked = await post(API_PATHS.loginSecondFactor, { challenge, code });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ field: 'code', message: TWO_FACTOR_ERRORS.tooManyWrongCodes });
    }

    // A day after the first wrong code (the database's clock, which the fake one does not move on PostgreSQL).
    const userId = await userIdOf(t.app.db, email);
    await t.app.db
      .updateTable('user_second_factors')
      .set({ first_wrong_code_at: sql<Date>`now() - interval '1 day 1 second'` })
      .where('user_id', '=', userId)
      .execute();
    nextStep();
    const nextDay = await challengeOf(email);
    const passed = await post(API_PATHS.loginSecondFactor, { challenge: nextDay.challenge, code: codeOf(secret) });
    expect(passed.statusCode, passed.body).toBe(200);
    const factor = await t.app.db
      .selectFrom('user_second_factors')
      .select('wrong_codes')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(factor.wrong_codes).toBe(0);
  });

  it('checks no more than the day’s ten codes when they come at once', async () => {
    const email = 'second-factor-burst@demo.test';
    const { secret } = await enrol(await newUser(email));
    const { challenge } = await challengeOf(email);
    const userId = await userIdOf(t.app.db, email);
    await t.app.db
      .updateTable('user_second_factors')
      .set({ wrong_codes: SECOND_FACTOR_WRONG_CODES_PER_DAY - 1, first_wrong_code_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .execute();
    const wrongCode = codeOf(secret) === '000000' ? '111111' : '000000';
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => post(API_PATHS.loginSecondFactor, { challenge, code: wrongCode })),
    );
    // One code was left to check; the others are refused unchecked, whatever refuses them.
    expect(replies.filter((reply) => reply.statusCode === 401)).toHaveLength(1);
    const factor = await t.app.db
      .selectFrom('user_second_factors')
      .select('wrong_codes')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(factor.wrong_codes).toBe(SECOND_FACTOR_WRONG_CODES_PER_DAY);
  });

  it('counts wrong codes typed in Settings against the same day’s ten', async () => {
    const email = 'second-factor-settings-guess@demo.test';
    const token = await newUser(email);
    const { secret } = await enrol(token);
    const mailsBefore = (await outboxMessages(t.dataDir)).length;
    const wrongCode = () => (codeOf(secret) === '000000' ? '111111' : '000000');
    for (let attempt = 1; attempt <= SECOND_FACTOR_WRONG_CODES_PER_DAY; attempt++) {
      await t.app.db.deleteFrom('login_throttle').execute();
      const path = attempt % 2 ? API_PATHS.removeTwoFactor : API_PATHS.regenerateRecoveryCodes;
      const wrong = await postAs(token, path, { current_password: DEMO_PASSWORD, code: wrongCode() });
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      expect(wrong.json().message).toBe(TWO_FACTOR_ERRORS.codeWrong);
    }
    const notices = (await outboxMessages(t.dataDir)).slice(mailsBefore);
    expect(notices.map((mail) => addressesOf(mail.to))).toEqual([[email]]);

    await t.app.db.deleteFrom('login_throttle').execute();
    const right = await postAs(token, API_PATHS.removeTwoFactor, {
      current_password: DEMO_PASSWORD,
      code: codeOf(secret),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ field: 'code', message: TWO_FACTOR_ERRORS.tooManyWrongCodes });
    const status = exactJson(TwoFactorResponse, await injectAs(t.app, token, { url: apiUrl(API_PATHS.twoFactor) }));
    expect(status.enabled).toBe(true);
  });

  it('takes each recovery code once, and new ones end the old', async () => {
    const email = 'second-factor-recovery@demo.test';
    const { secret, recoveryCodes } = await enrol(await newUser(email));

    const first = await challengeOf(email);
    const typed = recoveryCodes[0]!.toUpperCase().replaceAll('-', ' ');
    const session = exactJson(
      LoginResponse,
      await post(API_PATHS.loginSecondFactor, { challenge: first.challenge, code: typed }),
    );
    expect(session.role).toBe(5);

    const second = await challengeOf(email);
    const reused = await post(API_PATHS.loginSecondFactor, { challenge: second.challenge, code: recoveryCodes[0] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(TWO_FACTOR_ERRORS.recoveryCodeWrong);
    const status = exactJson(
      TwoFactorResponse,
      await injectAs(t.app, session.token, { url: apiUrl(API_PATHS.twoFactor) }),
    );
    expect(status.recovery_codes_left).toBe(9);

    nextStep();
    const fresh = exactJson(
      RecoveryCodesResponse,
      await postAs(session.token, API_PATHS.regenerateRecoveryCodes, {
        current_password: DEMO_PASSWORD,
        code: codeOf(secret),
      }),
    );
    expect(fresh.recovery_codes).toHaveLength(10);
    const old = await post(API_PATHS.loginSecondFactor, { challenge: second.challenge, code: recoveryCodes[1] });
    expect(old.statusCode).toBe(401);
    const renewed = await post(API_PATHS.loginSecondFactor, {
      challenge: second.challenge,
      code: fresh.recovery_codes[1],
    });
    expect(renewed.statusCode).toBe(200);
  });

  it('refuses app codes once the server cannot open the key, saying what to do, and still takes a recovery code', async () => {
    const email = 'second-factor-lost-key@demo.test';
    const { secret, recoveryCodes } = await enrol(await newUser(email));
    // As after a restore without TWO_FACTOR_KEY or secret.key: the stored key was sealed under another.
    await t.app.db
      .updateTable('user_second_factors')
      .set({ secret_encrypted: sealSecret(randomBytes(32), secret) })
      .where('user_id', '=', await userIdOf(t.app.db, email))
      .execute();
    nextStep();
    const challenge = await challengeOf(email);
    const app = await post(API_PATHS.loginSecondFactor, { challenge: challenge.challenge, code: codeOf(secret) });
    expect(app.statusCode).toBe(401);
    expect(app.json().message).toBe(TWO_FACTOR_ERRORS.appKeyUnreadable);
    const recovered = await post(API_PATHS.loginSecondFactor, {
      challenge: challenge.challenge,
      code: recoveryCodes[0],
    });
    expect(recovered.statusCode).toBe(200);
  });

  it('turns off behind the password and a current code', async () => {
    const email = 'second-factor-off@demo.test';
    const token = await newUser(email);
    const { secret } = await enrol(token);
    nextStep();
    const noCode = await postAs(token, API_PATHS.removeTwoFactor, { current_password: DEMO_PASSWORD, code: '' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().field).toBe('code');
    const removed = await postAs(token, API_PATHS.removeTwoFactor, {
      current_password: DEMO_PASSWORD,
      code: codeOf(secret),
    });
    expect(removed.statusCode).toBe(200);
    exactJson(LoginResponse, await loginReply(email));
  });

  it('throttles guessed codes as it throttles passwords', async () => {
    const email = 'second-factor-guess@demo.test';
    await enrol(await newUser(email));
    const { challenge } = await challengeOf(email);
    const statuses: number[] = [];
    for (let guess = 0; guess < 5; guess += 1) {
      const reply = await post(API_PATHS.loginSecondFactor, { challenge, code: String(100000 + guess) });
      statuses.push(reply.statusCode);
      if (reply.statusCode === 429) {
        expect(reply.headers['retry-after']).toBeDefined();
        expect(reply.json().message).toMatch(/^Too many attempts/);
      }
    }
    // The password and the guesses count together: past the pair's three free attempts, the
    // fourth sets a wait and the fifth meets it.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('asks for the code after a password reset too', async () => {
    const email = 'second-factor-reset@demo.test';
    const { secret } = await enrol(await newUser(email));
    const userId = await userIdOf(t.app.db, email);
    // The link of a reset e-mail, as the forgot-password call stores it.
    const resetToken = newToken();
    await t.app.db
      .insertInto('password_resets')
      .values({ user_id: userId, token_hash: hashToken(resetToken), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${resetToken}`,
      payload: { email, password: 'a-new-password-1', password_confirmation: 'a-new-password-1' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().message).toBe(TEXTS.resetSuccess);
    const { challenge, step } = await challengeOf(email, 'a-new-password-1');
    expect(step).toBe('second_factor');
    nextStep();
    const passed = await post(API_PATHS.loginSecondFactor, { challenge, code: codeOf(secret) });
    expect(passed.statusCode).toBe(200);
  });
});

describe("the company's requirement", () => {
  it('roles 3 and 4 set it, others are refused, and a user without a second factor sets one up at sign-in', async () => {
    const userToken = await newUser('enrol-at-login@demo.test');
    const refused = await injectAs(t.app, userToken, {
      method: 'PUT',
      url: apiUrl(API_PATHS.companyTwoFactor),
      payload: { require_two_factor: true },
    });
    expect(refused.statusCode).toBe(403);

    const primary = await login(t.app, DEMO_USERS.other);
    const badInput = await injectAs(t.app, primary, {
      method: 'PUT',
      url: apiUrl(API_PATHS.companyTwoFactor),
      payload: { require_two_factor: 'yes' },
    });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json().field).toBe('require_two_factor');

    const setter = await newUser('enrol-manager@demo.test', 4);
    const saved = await injectAs(t.app, setter, {
      method: 'PUT',
      url: apiUrl(API_PATHS.companyTwoFactor),
      payload: { require_two_factor: true },
    });
    expect(saved.statusCode).toBe(200);

    const { challenge, step } = await challengeOf('enrol-at-login@demo.test');
    expect(step).toBe('enrol');
    // An enrolment challenge is no second factor.
    const asCode = await post(API_PATHS.loginSecondFactor, { challenge, code: '123456' });
    expect(asCode.statusCode).toBe(401);
    const setup = exactJson(TwoFactorSetupResponse, await post(API_PATHS.loginEnrolment, { challenge }));
    const confirmed = exactJson(
      LoginEnrolmentConfirmResponse,
      await post(API_PATHS.loginEnrolmentConfirm, { challenge, code: codeOf(setup.secret) }),
    );
    expect(confirmed.recovery_codes).toHaveLength(10);
    expect((await injectAs(t.app, confirmed.session.token, { url: apiUrl(API_PATHS.profile) })).statusCode).toBe(200);
    const next = await challengeOf('enrol-at-login@demo.test');
    expect(next.step).toBe('second_factor');

    // Role 11 changes nothing in Settings, yet sets the required second factor up at sign-in.
    const viewer = await challengeOf(DEMO_USERS.viewer);
    expect(viewer.step).toBe('enrol');
    const viewerSetup = exactJson(
      TwoFactorSetupResponse,
      await post(API_PATHS.loginEnrolment, { challenge: viewer.challenge }),
    );
    const viewerSession = exactJson(
      LoginEnrolmentConfirmResponse,
      await post(API_PATHS.loginEnrolmentConfirm, {
        challenge: viewer.challenge,
        code: codeOf(viewerSetup.secret),
      }),
    ).session;
    expect(viewerSession.role).toBe(11);
    const viewerStart = await postAs(viewerSession.token, API_PATHS.startTwoFactor, {
      current_password: DEMO_PASSWORD,
    });
    expect(viewerStart.statusCode).toBe(403);

    // The requirement keeps the second factor on.
    nextStep();
    const off = await postAs(confirmed.session.token, API_PATHS.removeTwoFactor, {
      current_password: DEMO_PASSWORD,
      code: codeOf(setup.secret),
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(TWO_FACTOR_ERRORS.requiredByCompany);

    // An administrator's reset after a lost device: set up again at the next sign-in.
    const userId = await userIdOf(t.app.db, 'enrol-at-login@demo.test');
    const elsewhere = await postAs(primary, API_PATHS.resetUserTwoFactor, {}, { id: userId });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(SUBUSER_ERRORS.userNotFound);
    const reset = await postAs(setter, API_PATHS.resetUserTwoFactor, {}, { id: userId });
    expect(reset.statusCode).toBe(200);
    const history = await t.app.db
      .selectFrom('user_changes')
      .select('action')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history.action).toBe('two-factor-reset');
    expect((await challengeOf('enrol-at-login@demo.test')).step).toBe('enrol');

    // Stopping the requirement weakens everyone's sign-in: the session alone does not do it.
    const stop = (payload: object) =>
      injectAs(t.app, setter, { method: 'PUT', url: apiUrl(API_PATHS.companyTwoFactor), payload });
    const refusals = [];
    for (const payload of [{}, { current_password: 'not-the-password' }]) {
      const refusedStop = await stop({ require_two_factor: false, ...payload });
      expect(refusedStop.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refusedStop.json().field).toBe('current_password');
      refusals.push(refusedStop.json().message);
    }
    // Asked for the password of this change, not Settings' e-mail or password.
    expect(refusals).toEqual([TWO_FACTOR_ERRORS.passwordEmpty, SETTINGS_ERRORS.currentPasswordWrong]);
    const company = () =>
      t.app.db
        .selectFrom('companies')
        .select('require_two_factor')
        .where('name', '=', 'Demo Imports LLC')
        .executeTakeFirstOrThrow();
    expect((await company()).require_two_factor).toBe(true);
    await t.app.db.deleteFrom('login_throttle').execute();
    expect((await stop({ require_two_factor: false, current_password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await company()).require_two_factor).toBe(false);
  });
});

describe('a set-up at sign-in whose transaction fails to commit', () => {
  it('hands the browser no cookie of the session it undid', async () => {
    await newUser('enrol-commit@demo.test');
    const userId = await userIdOf(t.app.db, 'enrol-commit@demo.test');
    const requirement = (require_two_factor: boolean) =>
      t.app.db.updateTable('companies').set({ require_two_factor }).where('name', '=', 'Demo Imports LLC').execute();
    await requirement(true);
    // A check deferred to the commit refuses the new session there, after every statement passed.
    await sql`
      CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused at commit'; END $$
    `.execute(t.app.db);
    await sql`
      CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON sessions DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.user_id = ${sql.lit(userId)}) EXECUTE FUNCTION refuse_at_commit()
    `.execute(t.app.db);
    const sessions = () => t.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    const before = await sessions();
    try {
      const { challenge } = await challengeOf('enrol-commit@demo.test');
      const setup = exactJson(TwoFactorSetupResponse, await post(API_PATHS.loginEnrolment, { challenge }));
      const confirmed = await post(API_PATHS.loginEnrolmentConfirm, { challenge, code: codeOf(setup.secret) });
      expect(confirmed.statusCode).toBe(500);
      expect(confirmed.headers['set-cookie']).toBeUndefined();
      expect(await twoFactorRepository.isConfirmed(t.app.db, userId)).toBe(false);
      expect(await sessions()).toEqual(before);
    } finally {
      await sql`DROP TRIGGER refuse_at_commit ON sessions`.execute(t.app.db);
      await sql`DROP FUNCTION refuse_at_commit()`.execute(t.app.db);
      await requirement(false);
    }
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('a set-up at sign-in', () => {
  const other = otherSessionOf(t);

  it('is undone, codes and all, when the password changes while its first code is checked', async () => {
    await newUser('enrol-race@demo.test');
    const userId = await userIdOf(t.app.db, 'enrol-race@demo.test');
    const requirement = (require_two_factor: boolean) =>
      t.app.db.updateTable('companies').set({ require_two_factor }).where('name', '=', 'Demo Imports LLC').execute();
    await requirement(true);
    try {
      const { challenge, step } = await challengeOf('enrol-race@demo.test');
      expect(step).toBe('enrol');
      const setup = exactJson(TwoFactorSetupResponse, await post(API_PATHS.loginEnrolment, { challenge }));
      const newHash = await hashPassword('changed-meanwhile-7');
      // A reset elsewhere, as the password's change writes it, commits while the code is checked.
      const confirmed = await whileHeld(
        other(),
        async () => {
          await other().query('UPDATE users SET password_hash = $1 WHERE id = $2', [newHash, userId]);
          await other().query('DELETE FROM login_challenges WHERE user_id = $1', [userId]);
        },
        () => post(API_PATHS.loginEnrolmentConfirm, { challenge, code: codeOf(setup.secret) }),
      );
      expect(confirmed.statusCode).toBe(401);
      expect(confirmed.json().message).toBe(TWO_FACTOR_ERRORS.challengeExpired);
      expect(await twoFactorRepository.isConfirmed(t.app.db, userId)).toBe(false);
      expect(await twoFactorRepository.countRecoveryCodes(t.app.db, userId)).toBe(0);
    } finally {
      await requirement(false);
    }
  });
});

/** A new user of Demo Imports with the demo password, logged in with it alone. */
async function newUser(email: string, role = 5): Promise<string> {
  const company = await t.app.db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', DEMO_USERS.primary)
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('users')
    .values({
      company_id: company.company_id,
      name: email.split('@')[0]!,
      email,
      password_hash: await hashPassword(DEMO_PASSWORD),
      role,
    })
    .execute();
  return login(t.app, email);
}

describe('two-factor security events', () => {
  /** The kinds and outcomes of the events `act` writes about `email`, in order. */
  async function eventsOf(email: string, act: () => Promise<unknown>) {
    const { last } = await t.app.db
      .selectFrom('security_events')
      .select(sql<string>`coalesce(max(id), 0)::text`.as('last'))
      .executeTakeFirstOrThrow();
    await act();
    const rows = await t.app.db
      .selectFrom('security_events')
      .select(['kind', 'outcome', 'detail'])
      .where('id', '>', last)
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    return rows.map((row) => `${row.kind}:${row.outcome}`);
  }

  it('writes the set-up, a wrong code, a recovery code passing and its use, each once', async () => {
    const email = 'events-two-factor@demo.test';
    const token = await newUser(email);
    let recoveryCodes: string[] = [];
    expect(await eventsOf(email, async () => ({ recoveryCodes } = await enrol(token)))).toEqual([
      'second_factor_changed:success',
    ]);

    const { challenge } = await challengeOf(email);
    expect(
      await eventsOf(email, async () =>
        expect((await post(API_PATHS.loginSecondFactor, { challenge, code: '000000' })).statusCode).toBe(401),
      ),
    ).toEqual(['second_factor_failed:failure']);
    expect(
      await eventsOf(email, async () =>
        expect((await post(API_PATHS.loginSecondFactor, { challenge, code: recoveryCodes[0]! })).statusCode).toBe(200),
      ),
    ).toEqual(['second_factor_passed:success', 'recovery_code_used:success']);
    const stored = await t.app.db.selectFrom('security_events').select('detail').where('email', '=', email).execute();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!);
  });
});
