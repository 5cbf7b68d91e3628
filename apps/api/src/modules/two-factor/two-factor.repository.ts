import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { hashToken } from '../../lib/tokens.ts';

export type SecondFactor = {
  sealedSecret: string;
  isConfirmed: boolean;
  createdAt: Date;
};

/** Whether the factor's first wrong code of its count was within the last day. */
const WRONG_CODES_COUNT = sql<boolean>`user_second_factors.first_wrong_code_at > now() - interval '1 day'`;
export type ChallengeKind = 'second_factor' | 'enrol';
export type ChallengedUser = {
  challengeId: number;
  kind: ChallengeKind;
  id: number;
  name: string;
  email: string;
  role: number;
  companyId: number;
  /** The zone the company counts its days in (companies.time_zone). */
  timeZone: string;
  primary_contact: string;
  /** As the statement that found the challenge read it: the hash the login's password matched. */
  password_hash: string;
};

/** How long a login challenge lasts: time to open the app, or to set it up. */
const CHALLENGE_SECONDS = { second_factor: 5 * 60, enrol: 15 * 60 } as const;

export const twoFactorRepository = {
  async find(db: Db, userId: number): Promise<SecondFactor | undefined> {
    const row = await db
      .selectFrom('user_second_factors')
      .select(['secret_encrypted', 'confirmed_at', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        sealedSecret: row.secret_encrypted,
        isConfirmed: row.confirmed_at !== null,
        createdAt: row.created_at,
      }
    );
  },

  /**
   * Counts a code as wrong before it is checked, from 1 again when the day of the count's first is
   * over: the count now and when its first was, or undefined when the day's `limit` is taken already. One conditional
   * update, so that codes checked at once cannot pass the limit together; a code that passes then
   * clears the count (forgetWrongCodes).
   */
  async takeGuess(db: Db, userId: number, limit: number): Promise<{ count: number; firstAt: Date } | undefined> {
    const row = await db
      .updateTable('user_second_factors')
      .set({
        wrong_codes: sql<number>`CASE WHEN ${WRONG_CODES_COUNT} THEN wrong_codes + 1 ELSE 1 END`,
        first_wrong_code_at: sql<Date>`CASE WHEN ${WRONG_CODES_COUNT} THEN first_wrong_code_at ELSE now() END`,
      })
      .where('user_id', '=', userId)
      .where(sql<boolean>`NOT (${WRONG_CODES_COUNT} AND wrong_codes >= ${limit})`)
      .returning(['wrong_codes', 'first_wrong_code_at'])
      .executeTakeFirst();
    return row && { count: row.wrong_codes, firstAt: row.first_wrong_code_at! };
  },

  /** A code that passed starts the count again. */
  async forgetWrongCodes(db: Db, userId: number): Promise<void> {
    await db
      .updateTable('user_second_factors')
      .set({ wrong_codes: 0, first_wrong_code_at: null })
      .where('user_id', '=', userId)
      .where('wrong_codes', '>', 0)
      .execute();
  },

  async isConfirmed(db: Db, userId: number): Promise<boolean> {
    return (await twoFactorRepository.find(db, userId))?.isConfirmed ?? false;
  },

  /** A set-up not yet confirmed replaces the one before it; a confirmed one is never replaced. */
  async saveSetup(db: Db, userId: number, sealedSecret: string): Promise<boolean> {
    const saved = await db
      .insertInto('user_second_factors')
      .values({ user_id: userId, secret_encrypted: sealedSecret })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ secret_encrypted: sealedSecret, created_at: sql<Date>`now()`, last_used_step: null })
          .where('user_second_factors.confirmed_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    return saved !== undefined;
  },

  /**
   * Takes `step` as the last one used, if it is after the last one: one conditional update, so
   * two requests with one code cannot both pass.
   */
  async useStep(db: Db, userId: number, step: number): Promise<boolean> {
    const used = await db
      .updateTable('user_second_factors')
      .set({ last_used_step: step })
      .where('user_id', '=', userId)
      .where((where) => where.or([where('last_used_step', 'is', null), where('last_used_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return used !== undefined;
  },

  async confirm(db: Db, userId: number): Promise<void> {
    await db
      .updateTable('user_second_factors')
      .set({ confirmed_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .execute();
  },

  /** The second factor, its recovery codes and open challenges go. */
  async remove(db: Db, userId: number): Promise<boolean> {
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
    const removed = await db.deleteFrom('user_second_factors').where('user_id', '=', userId).executeTakeFirst();
    return removed.numDeletedRows > 0n;
  },

  async replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[]): Promise<void> {
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('user_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  },

  /** Marks an unused recovery code used; false when there is none such. */
  async useRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
    const used = await db
      .updateTable('user_recovery_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return used !== undefined;
  },

  async countRecoveryCodes(db: Db, userId: number): Promise<number> {
    const row = await db
      .selectFrom('user_recovery_codes')
      .select((select) => select.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async isRequiredByCompany(db: Db, companyId: number): Promise<boolean> {
    const row = await db
      .selectFrom('companies')
      .select('require_two_factor')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.require_two_factor ?? false;
  },

  async isRequiredForUser(db: Db, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select('companies.require_two_factor')
      .where('users.id', '=', userId)
      .executeTakeFirst();
    return row?.require_two_factor ?? false;
  },

  async setRequiredByCompany(db: Db, companyId: number, isRequired: boolean): Promise<void> {
    await db.updateTable('companies').set({ require_two_factor: isRequired }).where('id', '=', companyId).execute();
  },

  /** A new challenge for the user; their earlier ones end, and only the token's hash is stored. */
  async createChallenge(db: Db, userId: number, kind: ChallengeKind, token: string): Promise<void> {
    await db
      .deleteFrom('login_challenges')
      .where((where) => where.or([where('user_id', '=', userId), where('expires_at', '<=', sql<Date>`now()`)]))
      .execute();
    await db
      .insertInto('login_challenges')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        kind,
        expires_at: sql<Date>`now() + make_interval(secs => ${CHALLENGE_SECONDS[kind]})`,
      })
      .execute();
  },

  /** The active user of an unexpired challenge of this kind, or undefined. */
  async findChallenge(db: Db, token: string, kind: ChallengeKind): Promise<ChallengedUser | undefined> {
    return db
      .selectFrom('login_challenges')
      .innerJoin('users', 'users.id', 'login_challenges.user_id')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'login_challenges.id as challengeId',
        'login_challenges.kind',
        'users.id',
        'users.name',
        'users.email',
        'users.role',
        'users.company_id as companyId',
        'companies.time_zone as timeZone',
        'companies.primary_contact',
        'users.password_hash',
      ])
      .where('login_challenges.token_hash', '=', hashToken(token))
      .where('login_challenges.kind', '=', kind)
      .where('login_challenges.expires_at', '>', sql<Date>`now()`)
      .where('users.active', '=', true)
      .executeTakeFirst();
  },

  /** Ends a challenge; false when another request ended it first. */
  async takeChallenge(db: Db, challengeId: number): Promise<boolean> {
    const taken = await db.deleteFrom('login_challenges').where('id', '=', challengeId).executeTakeFirst();
    return taken.numDeletedRows > 0n;
  },
};
