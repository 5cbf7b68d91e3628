import type { Db } from '../../db/connect.ts';

export const notificationsRepository = {
  /** The company's active notifications and the ones for everyone, newest first. */
  async listActive(db: Db, companyId: number) {
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'message', 'created_at'])
      .where('active', '=', true)
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  },
};
