import type { Db } from '../../db/connect.ts';
import type { UserChangesTable } from '../../db/schema.ts';

/** One change to a user, as user_changes records it (decision 0011); `detail` never holds a password. */
export type UserChange = {
  companyId: number;
  userId: number;
  userEmail: string;
  /** Null when the brokerage made the change (its ingestion API), not a portal user. */
  changedBy: number | null;
  action: UserChangesTable['action'];
  detail: Record<string, unknown>;
};

export const userChangesRepository = {
  /** Call it with the transaction of the change it records, so both happen or neither. */
  async record(db: Db, change: UserChange): Promise<void> {
    await db
      .insertInto('user_changes')
      .values({
        company_id: change.companyId,
        user_id: change.userId,
        user_email: change.userEmail,
        changed_by: change.changedBy,
        action: change.action,
        detail: JSON.stringify(change.detail),
      })
      .execute();
  },
};
