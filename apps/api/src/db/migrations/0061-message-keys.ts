import { sql, type Kysely } from 'kysely';

/**
 * The mail queues keep the key of a message's Message-ID, not the whole header: the mailer makes
 * `<key@the sender's domain>` of it (lib/mail.ts), where the queues wrote `<uuid@clearport>`, a
 * right-hand side without a dot that some spam filters score. The messages still to be sent (or
 * sent again from the failed lists) take their key; those sent keep the Message-ID they went out with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_messages', 'report_mail']) {
    await sql`
      UPDATE ${sql.table(table)} SET message_id = substring(message_id FROM '^<(.+)@clearport>$')
      WHERE state NOT IN ('sent', 'skipped') AND message_id LIKE '<%@clearport>'
    `.execute(db);
  }
}
