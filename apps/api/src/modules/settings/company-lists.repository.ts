import { sql, type Selectable } from 'kysely';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import type { Usage } from './settings.rules.ts';

/** The Settings screen's two lists of the company: truckers and warehouses. */
export type CompanyList = 'truckers' | 'warehouses';

const ORDER_COLUMN = { truckers: 'trucker_id', warehouses: 'warehouse_id' } as const;

/**
 * What the truckers and the warehouses repositories do alike: find, check, lock and remove
 * rows of their table. `withDetails` adds each row's e-mail rows and makes the contract's entry.
 */
export function companyListRepository<Table extends CompanyList, Entry>(
  table: Table,
  withDetails: (db: Db, rows: ReadonlyArray<Selectable<Database[Table]>>) => Promise<Entry[]>,
) {
  const list: CompanyList = table;
  /** Kysely types a union of tables' rows as all their columns; these are the one table's. */
  const detailed = (db: Db, rows: ReadonlyArray<Selectable<Database[CompanyList]>>) =>
    withDetails(db, rows as ReadonlyArray<Selectable<Database[Table]>>);

  return {
    /**
     * These rows whatever their company or state: for ids reached through the access check
     * already (an order's trucker or warehouse), deleted ones included.
     */
    async byIds(db: Db, ids: readonly number[]): Promise<Entry[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom(list)
        .selectAll()
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
      return detailed(db, rows);
    },

    /** The company's rows that are not deleted, active or not, oldest first. */
    async listOf(db: Db, user: SessionUser): Promise<Entry[]> {
      const rows = await accessRepository
        .companyList(db, user, list)
        .selectAll()
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      return detailed(db, rows);
    },

    /**
     * Whether the id is one of the company's active rows, the only ones a new choice may name,
     * held (FOR SHARE) until the transaction ends: a Settings save that is removing it (lockIdsOf)
     * commits first and this answers false, or waits for the order naming it and then sees it.
     */
    async isActive(trx: Db, user: SessionUser, id: number): Promise<boolean> {
      const row = await accessRepository
        .companyList(trx, user, list)
        .select('id')
        .where('id', '=', id)
        .where('status', '=', ACTIVE_STATUS)
        .where('deleted_at', 'is', null)
        .forShare()
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The ids of the company's rows that are not deleted, locked until the transaction ends so
     * that no order can take one while the Settings screen's save decides its fate.
     */
    async lockIdsOf(trx: Db, user: SessionUser): Promise<number[]> {
      const rows = await accessRepository
        .companyList(trx, user, list)
        .select('id')
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((row) => row.id);
    },

    /** How many unsent and sent delivery orders name each of these ids; ids no order names are absent. */
    async usage(db: Db, ids: readonly number[]): Promise<Map<number, Usage>> {
      if (ids.length === 0) return new Map();
      const column = ORDER_COLUMN[list];
      const rows = await db
        .selectFrom('delivery_orders')
        .select([
          `${column} as id`,
          sql<number>`count(*) FILTER (WHERE sent_at IS NULL)::int`.as('unsent'),
          sql<number>`count(*) FILTER (WHERE sent_at IS NOT NULL)::int`.as('sent'),
        ])
        .where(column, 'in', [...ids])
        .groupBy(column)
        .execute();
      return new Map(rows.map((row) => [row.id, { unsentOrders: row.unsent, sentOrders: row.sent }]));
    },

    /** Kept for the sent orders that name them, out of every list: they show with (Deleted). */
    async markDeleted(trx: Db, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await trx
        .updateTable(list)
        .set({ deleted_at: sql<Date>`now()` })
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Removes rows no order names, with their e-mail rows. */
    async remove(trx: Db, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await trx
        .deleteFrom(list)
        .where('id', 'in', [...ids])
        .execute();
    },
  };
}
