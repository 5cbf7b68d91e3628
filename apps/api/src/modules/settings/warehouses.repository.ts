import { sql, type Selectable } from 'kysely';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import { NEW_WAREHOUSE_DEFAULTS, type Warehouse, type WarehouseInput } from '@clearport/contract/warehouses';
import type { Db } from '../../db/connect.ts';
import type { WarehousesTable } from '../../db/schema.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import type { SettingsWarehouseInput } from '@clearport/contract/settings';
import { companyListRepository } from './company-lists.repository.ts';

/** The company's warehouses, each with its contacts (emails[0] is the contact the form names). */

async function withContacts(db: Db, rows: ReadonlyArray<Selectable<WarehousesTable>>): Promise<Warehouse[]> {
  if (rows.length === 0) return [];
  const contacts = await db
    .selectFrom('warehouse_emails')
    .select(['warehouse_id', 'name', 'email'])
    .where(
      'warehouse_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    status: row.status,
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
    user_id: row.user_id,
    emails: contacts
      .filter((contact) => contact.warehouse_id === row.id)
      .map((contact) => ({ name: contact.name, email: contact.email })),
  }));
}

/** A new warehouse's row: absent fields take the New Warehouse form's defaults (New York, NY, 10001). */
export function newWarehouseValues(input: WarehouseInput) {
  return {
    name: input.name ?? NEW_WAREHOUSE_DEFAULTS.name,
    phone: input.phone ?? NEW_WAREHOUSE_DEFAULTS.phone,
    address: input.address ?? NEW_WAREHOUSE_DEFAULTS.address,
    city: input.city ?? NEW_WAREHOUSE_DEFAULTS.city,
    state: input.state ?? NEW_WAREHOUSE_DEFAULTS.state,
    zip: input.zip ?? NEW_WAREHOUSE_DEFAULTS.zip,
  };
}

export const warehousesRepository = {
  /** byIds, listOf, isActive, lockIdsOf, usage, markDeleted and remove, as for truckers. */
  ...companyListRepository('warehouses', withContacts),

  /** Of these ids, those that are the company's warehouses and not deleted. */
  async existingIds(db: Db, user: SessionUser, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await accessRepository
      .companyList(db, user, 'warehouses')
      .select('warehouses.id')
      .where('warehouses.id', 'in', [...ids])
      .where('warehouses.deleted_at', 'is', null)
      .execute();
    return new Set(rows.map((row) => row.id));
  },

  /** Creates each warehouse, active, made by the caller, with its contacts; call it in a transaction. */
  async create(trx: Db, user: SessionUser, inputs: readonly SettingsWarehouseInput[]): Promise<void> {
    if (inputs.length === 0) return;
    const rows = await trx
      .insertInto('warehouses')
      .values(
        inputs.map((input) => ({
          ...newWarehouseValues(input),
          company_id: user.companyId,
          user_id: user.id,
          status: input.status ?? ACTIVE_STATUS,
        })),
      )
      .returning('id')
      .execute();
    const contacts = rows.flatMap((row, index) =>
      (inputs[index]!.emails ?? []).map((contact) => ({
        warehouse_id: row.id,
        name: contact.name,
        email: contact.email,
      })),
    );
    if (contacts.length > 0) await trx.insertInto('warehouse_emails').values(contacts).execute();
  },

  /**
   * Replaces the fields sent of existing warehouses (those left out stay); sent `emails` replace a
   * warehouse's contacts. Three statements however many there are.
   */
  async updateAll(trx: Db, inputs: ReadonlyArray<SettingsWarehouseInput & { id: number }>): Promise<void> {
    if (inputs.length === 0) return;
    const column = <Field extends keyof SettingsWarehouseInput>(field: Field) =>
      inputs.map((input) => input[field] ?? null);
    await sql`UPDATE warehouses SET name = coalesce(sent.name, warehouses.name),
        phone = coalesce(sent.phone, warehouses.phone), address = coalesce(sent.address, warehouses.address),
        city = coalesce(sent.city, warehouses.city), state = coalesce(sent.state, warehouses.state),
        zip = coalesce(sent.zip, warehouses.zip), status = coalesce(sent.status, warehouses.status)
      FROM unnest(${column('id')}::int[], ${column('name')}::text[], ${column('phone')}::text[],
        ${column('address')}::text[], ${column('city')}::text[], ${column('state')}::text[],
        ${column('zip')}::text[], ${column('status')}::int[]) AS sent(id, name, phone, address, city, state, zip, status)
      WHERE warehouses.id = sent.id`.execute(trx);
    const withContacts = inputs.filter((input) => input.emails !== undefined);
    if (withContacts.length === 0) return;
    await trx
      .deleteFrom('warehouse_emails')
      .where(
        'warehouse_id',
        'in',
        withContacts.map((input) => input.id),
      )
      .execute();
    const contacts = withContacts.flatMap((input) =>
      input.emails!.map((contact) => ({ warehouse_id: input.id, name: contact.name, email: contact.email })),
    );
    if (contacts.length > 0) await trx.insertInto('warehouse_emails').values(contacts).execute();
  },
};
