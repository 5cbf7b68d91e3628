import { NOTIFICATION_LISTS } from '@clearport/contract/settings';
import type { Db } from '../../db/connect.ts';

/**
 * A company's four notification lists, where it never set them, go to `email` (its primary
 * user): a new company's first mails reach someone. A list the company saved, even empty, stays
 * as it is. Call it in the transaction that creates the primary user.
 */
export async function defaultNotificationLists(trx: Db, input: { companyId: number; email: string }): Promise<void> {
  await trx
    .insertInto('notification_emails')
    .values(
      NOTIFICATION_LISTS.map((list) => ({
        company_id: input.companyId,
        table_number: list.table_number,
        email: input.email,
        cc_emails: [],
      })),
    )
    .onConflict((conflict) => conflict.columns(['company_id', 'table_number']).doNothing())
    .execute();
}
