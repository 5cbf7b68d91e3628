import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SqlBool } from 'kysely';
import { beforeAll } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import type { TestApp } from './build-app.ts';

/** Helpers of the shipment detail tests: find demo shipments, and see that nothing changed. */

/** A shipment of the account, optionally narrowed; the lowest id, so runs repeat. */
export async function shipmentIdOf(
  db: Db,
  accountNo: string,
  where: (query: ReturnType<typeof shipmentsOfAccount>) => ReturnType<typeof shipmentsOfAccount> = (query) => query,
): Promise<number> {
  const row = await where(shipmentsOfAccount(db, accountNo)).orderBy('shipments.id').executeTakeFirst();
  if (!row) throw new Error(`no shipment of account ${accountNo} matches`);
  return row.id;
}

/**
 * Hands out the account's shipments one a call, read before the file's tests (lowest id first, or
 * highest with `desc`), so that tests do not meet.
 */
export function spareShipmentsOf(t: TestApp, accountNo: string, order: 'asc' | 'desc' = 'asc'): () => number {
  let spare: number[] = [];
  beforeAll(async () => {
    const rows = await shipmentsOfAccount(t.app.db, accountNo).orderBy('shipments.id', order).execute();
    spare = rows.map((row) => row.id);
  });
  return () => {
    const id = spare.shift();
    if (id === undefined) throw new Error('out of demo shipments');
    return id;
  };
}

function shipmentsOfAccount(db: Db, accountNo: string) {
  return db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select('shipments.id')
    .where('accounts.account_no', '=', accountNo);
}

/** Everything a detail call could change for these shipments, to compare before and after. */
export async function shipmentState(db: Db, shipmentIds: readonly number[]) {
  const ids = [...shipmentIds];
  const [shipments, types, documents, notes, activity] = await Promise.all([
    db.selectFrom('shipments').selectAll().where('id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('document_types').selectAll().where('shipment_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('documents').selectAll().where('shipment_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('shipment_notes').selectAll().where('shipment_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('shipment_activity').selectAll().where('shipment_id', 'in', ids).orderBy('id').execute(),
  ]);
  return { shipments, types, documents, notes, activity };
}

/** The text of the shipment's newest note. */
export async function lastNoteOf(db: Db, shipmentId: number): Promise<string> {
  const row = await db
    .selectFrom('shipment_notes')
    .select('comments')
    .where('shipment_id', '=', shipmentId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.comments;
}

/**
 * The shipment's activity rows of the past hour, oldest first: those a test made. The demo's
 * customers acted an hour or more before it was seeded (demo-shipments.ts, `past`).
 */
export async function activityOf(db: Db, shipmentId: number) {
  return db
    .selectFrom('shipment_activity')
    .select(['user_id', 'action', 'detail'])
    .where('shipment_id', '=', shipmentId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .orderBy('id')
    .execute();
}

/** Every file under the store (paths relative to it), temporary ones included. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A condition on `containers`: the demo gave the container no free days, so a test's are the only ones. */
export const HAS_NO_FREE_DAYS = sql<SqlBool>`NOT EXISTS (
  SELECT 1 FROM container_free_days WHERE container_free_days.container_id = containers.id)`;
