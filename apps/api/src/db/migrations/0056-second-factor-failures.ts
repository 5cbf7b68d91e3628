import { sql, type Kysely } from 'kysely';

/**
 * Wrong second-factor codes a user's factor has taken since the first of them within a day
 * (docs/decisions/0034-two-factor.md): at SECOND_FACTOR_WRONG_CODES_PER_DAY the factor takes no
 * more codes until that day is over or someone who may edit the user resets it, so that whoever
 * knows the password cannot guess the six digits at the login throttle's pace for weeks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_second_factors
      ADD COLUMN wrong_codes integer NOT NULL DEFAULT 0,
      ADD COLUMN first_wrong_code_at timestamptz`.execute(db);
}
