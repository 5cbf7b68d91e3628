import { sql, type Kysely } from 'kysely';

/**
 * The monthly report mails that failed within their day of retries, read by the brokerage a page
 * at a time (`GET /v1/admin/report-mail/failed`, `npm run broker -- report-mail failed`), as the
 * event mail's are (docs/decisions/0027-reports.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX report_mail_failed ON report_mail (id) WHERE state = 'failed'`.execute(db);
}
