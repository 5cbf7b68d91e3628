import type { TableNumber } from '@clearport/contract/settings';
import type { Db } from '../../db/connect.ts';
import { settingsRepository } from './settings.repository.ts';

type Outcome = 'created' | 'updated' | 'unchanged';

/**
 * One notification list of a company, as the brokerage sets it: the recipient and copies it
 * carries change, what it leaves out stays ('' and none for a list never set). Call it in a
 * transaction.
 */
export async function setNotificationList(
  trx: Db,
  input: { companyId: number; tableNumber: TableNumber; email?: string; ccEmails?: readonly string[] },
): Promise<Outcome> {
  // After a Settings save under way: one that read the lists before this change would write them over it.
  await settingsRepository.holdLists(trx, input.companyId);
  const current = await trx
    .selectFrom('notification_emails')
    .select(['id', 'email', 'cc_emails'])
    .where('company_id', '=', input.companyId)
    .where('table_number', '=', input.tableNumber)
    .forUpdate()
    .executeTakeFirst();
  const email = input.email ?? current?.email ?? '';
  const ccEmails = [...(input.ccEmails ?? current?.cc_emails ?? [])];
  if (!current) {
    await trx
      .insertInto('notification_emails')
      .values({ company_id: input.companyId, table_number: input.tableNumber, email, cc_emails: ccEmails })
      .execute();
    return 'created';
  }
  const isSame =
    email === current.email &&
    ccEmails.length === current.cc_emails.length &&
    ccEmails.every((cc, index) => cc === current.cc_emails[index]);
  if (isSame) return 'unchanged';
  await trx
    .updateTable('notification_emails')
    .set({ email, cc_emails: ccEmails })
    .where('id', '=', current.id)
    .execute();
  return 'updated';
}
