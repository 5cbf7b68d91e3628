import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/**
 * The two bounds on what one company can put in the store (docs/decisions/0014): the bytes of
 * documents it holds (companies.document_bytes, kept by triggers on documents), and the uploads
 * a user may send a minute.
 */

export type UploadLimits = { uploadQuotaBytes: number; uploadsPerMinute: number };

/** Thrown inside the document's transaction, so neither the record nor the count is written. */
export class UploadQuotaExceededError extends Error {
  constructor() {
    super('the upload would pass the company quota');
  }
}

/** The company whose accounts hold the shipment, with whether `size` more bytes fit its quota. */
function companyRoom(db: Db, shipmentId: number, size: number, quotaBytes: number) {
  return db
    .selectFrom('companies')
    .select(sql<boolean>`companies.document_bytes + ${size} <= ${quotaBytes}`.as('fits'))
    .where(
      'companies.id',
      '=',
      db
        .selectFrom('shipments')
        .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
        .select('accounts.company_id')
        .where('shipments.id', '=', shipmentId),
    );
}

export const uploadQuota = {
  /** Whether the company holding the shipment has any room left: checked before the file is read. */
  async hasRoom(db: Db, shipmentId: number, quotaBytes: number): Promise<boolean> {
    const company = await companyRoom(db, shipmentId, 1, quotaBytes).executeTakeFirst();
    return company?.fits ?? true;
  },

  /**
   * Locks the company's count until the transaction ends and throws UploadQuotaExceededError
   * when `size` more bytes would pass the quota; two uploads of one company are then counted
   * one after the other, never both against the same total.
   */
  async reserve(trx: Db, shipmentId: number, size: number, quotaBytes: number): Promise<void> {
    const company = await companyRoom(trx, shipmentId, size, quotaBytes).forNoKeyUpdate().executeTakeFirst();
    if (company && !company.fits) throw new UploadQuotaExceededError();
  },
};

/** "10 GiB", "512 KiB": the quota as the refusal names it. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Uploads per user in fixed minutes, counted in the database so that every server process counts
 * the same minute (docs/decisions/0042-several-processes.md): take() gives the seconds to wait
 * before the next one (0: go ahead). A minute starts with the first upload after the last one
 * ended. One statement counts and checks, so a burst spread over processes passes no more than
 * `perMinute`.
 */
export const uploadRate = {
  async take(db: Db, userId: number, perMinute: number): Promise<number> {
    const isNewMinute = sql<boolean>`upload_counts.minute_started_at <= now() - interval '1 minute'`;
    const counted = await db
      .insertInto('upload_counts')
      .values({ user_id: userId, uploads: 1, minute_started_at: sql<Date>`now()` })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({
            uploads: sql<number>`CASE WHEN ${isNewMinute} THEN 1 ELSE upload_counts.uploads + 1 END`,
            minute_started_at: sql<Date>`CASE WHEN ${isNewMinute} THEN now() ELSE upload_counts.minute_started_at END`,
          })
          .where((eb) => eb.or([isNewMinute, eb('upload_counts.uploads', '<', perMinute)])),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (counted) return 0;
    const row = await db
      .selectFrom('upload_counts')
      .select(
        sql<number>`greatest(1, ceil(extract(epoch from minute_started_at + interval '1 minute' - now())))::int`.as(
          'seconds',
        ),
      )
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.seconds ?? 1;
  },
};
