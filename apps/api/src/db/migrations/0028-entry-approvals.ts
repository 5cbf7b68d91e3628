import { sql, type Kysely } from 'kysely';

/**
 * The duty-threshold confirmation of the 7501 (docs/decisions/0026-customs-entries.md): a
 * company confirms every entry's 7501, only those whose duty is above an amount, or none; each
 * decision (approved, or queried with a comment) names the 7501 it was made on, so a 7501 the
 * broker replaces awaits a decision again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE companies
      ADD COLUMN entry_approval text NOT NULL DEFAULT 'none' CHECK (entry_approval IN ('none', 'all', 'above')),
      ADD COLUMN entry_approval_threshold_cents bigint CHECK (entry_approval_threshold_cents >= 0);
    CREATE TABLE entry_approvals (
      id serial PRIMARY KEY,
      entry_id integer NOT NULL REFERENCES customs_entries(id) ON DELETE CASCADE,
      path_to_7501 text NOT NULL,
      decision text NOT NULL CHECK (decision IN ('approved', 'queried')),
      comment text NOT NULL DEFAULT '',
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      decided_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX entry_approvals_entry_idx ON entry_approvals (entry_id, path_to_7501, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE entry_approvals;
    ALTER TABLE companies DROP COLUMN entry_approval, DROP COLUMN entry_approval_threshold_cents;
  `.execute(db);
}
