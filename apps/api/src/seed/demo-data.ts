import type { Db } from '../db/connect.ts';
import type { Storage } from '../lib/storage.ts';
import { planDemo, type SeedOptions } from './demo-shipments.ts';
import { writeDemoPlan } from './demo-writer.ts';
import { plannedCharges, seedDemoBilling } from './demo-billing.ts';

export { DEMO_LOGINS, type DemoLogin } from './demo-companies.ts';
export type { SeedOptions } from './demo-shipments.ts';

/**
 * The demo brokerage the server creates on first start: two client companies with users
 * (demo-companies.ts), shipments in every state of spec section 4 with files, delivery orders
 * and invoices (demo-shipments.ts, numbered by demo-numbers.ts), written by demo-writer.ts.
 */

export const DEMO_PASSWORD = 'portal-demo';

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const company = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return company === undefined;
}

export async function seedDemoData(db: Db, storage: Storage, options: SeedOptions = {}): Promise<void> {
  const plan = planDemo(new Date(), options);
  await writeDemoPlan(db, storage, plan, DEMO_PASSWORD);
  await seedDemoBilling(db, storage, plannedCharges(plan));
}
