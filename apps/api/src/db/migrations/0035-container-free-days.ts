import { sql, type Kysely } from 'kysely';

/**
 * A container's free days at the terminal and with the trucker (docs/decisions/0029-demurrage.md):
 * one row a container beside `containers`, so the import's held container inserts stay as they
 * are, and every change of a last free day kept as a row of its history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE container_free_days (
      container_id integer PRIMARY KEY REFERENCES containers(id) ON DELETE CASCADE,
      discharged_at timestamptz,
      available_at timestamptz,
      terminal_last_free_day date,
      customs_hold boolean NOT NULL DEFAULT false,
      line_hold boolean NOT NULL DEFAULT false,
      other_hold boolean NOT NULL DEFAULT false,
      gated_out_at timestamptz,
      delivered_at timestamptz,
      empty_returned_at timestamptz,
      detention_last_free_day date,
      demurrage_rates jsonb,
      detention_rates jsonb,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE container_lfd_changes (
      id serial PRIMARY KEY,
      container_id integer NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
      which text NOT NULL CHECK (which IN ('terminal', 'detention')),
      old_day date,
      new_day date,
      changed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX container_lfd_changes_container_idx ON container_lfd_changes (container_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE container_lfd_changes;
    DROP TABLE container_free_days;
  `.execute(db);
}
