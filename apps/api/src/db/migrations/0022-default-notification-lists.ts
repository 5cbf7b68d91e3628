import { sql, type Kysely } from 'kysely';

/**
 * A company that never set a notification list had its mails go to nobody. Each such list now
 * goes to the company's first primary user, as a new company's do (modules/settings/
 * default-notification-lists.ts); a list the company saved, even empty, stays as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO notification_emails (company_id, table_number, email, cc_emails)
    SELECT primary_user.company_id, lists.table_number, primary_user.email, '{}'
    FROM (
      SELECT DISTINCT ON (company_id) company_id, email
      FROM users
      WHERE role = 3 AND active
      ORDER BY company_id, id
    ) AS primary_user
    CROSS JOIN (VALUES (0), (1), (2), (3)) AS lists (table_number)
    ON CONFLICT (company_id, table_number) DO NOTHING;
  `.execute(db);
}

export async function down(): Promise<void> {
  // The lists filled in are the companies' lists now; nothing tells them from ones saved so.
}
