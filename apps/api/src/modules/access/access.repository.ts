import type { Db } from '../../db/connect.ts';
import { FORM_7501_TYPES } from '@clearport/contract/documents';
import { isReadOnly, ROLES } from '@clearport/contract/roles';
import type { SessionUser } from './session-user.ts';

/**
 * The one access check. A primary user sees every account of their company; anyone else
 * only the accounts linked to them. Every shipment, document, invoice and order query starts
 * from these functions, so a record outside them does not exist for the caller (404); the
 * company's truckers and warehouses likewise.
 */
export function visibleAccountIds(db: Db, user: SessionUser) {
  if (user.role === ROLES.primary) {
    return db.selectFrom('accounts').select('accounts.id').where('accounts.company_id', '=', user.companyId);
  }
  return db
    .selectFrom('user_accounts')
    .innerJoin('accounts', 'accounts.id', 'user_accounts.account_id')
    .select('accounts.id')
    .where('user_accounts.user_id', '=', user.id)
    .where('accounts.company_id', '=', user.companyId);
}

export const accessRepository = {
  /** The caller's accounts, in account number order. */
  async listAccounts(db: Db, user: SessionUser) {
    return db
      .selectFrom('accounts')
      .select(['id', 'account_no', 'name', 'document_tracking'])
      .where('id', 'in', visibleAccountIds(db, user))
      .orderBy('account_no')
      .execute();
  },

  /** Shipments the caller may see; add conditions, columns and joins on top. */
  shipments(db: Db, user: SessionUser) {
    return db.selectFrom('shipments').where('shipments.account_id', 'in', visibleAccountIds(db, user));
  },

  /**
   * Documents the caller may see: those of the shipments it sees, and for the read-only role
   * (spec section 2: no 7501 in its view) none of the 7501's types.
   */
  documents(db: Db, user: SessionUser) {
    return db
      .selectFrom('documents')
      .where('documents.shipment_id', 'in', accessRepository.shipments(db, user).select('shipments.id'))
      .$if(isReadOnly(user.role), (query) => query.where('documents.document_type', 'not in', FORM_7501_TYPES));
  },

  /** Invoices the caller may see. */
  invoices(db: Db, user: SessionUser) {
    return db.selectFrom('invoices').where('invoices.account_id', 'in', visibleAccountIds(db, user));
  },

  /**
   * Truckers or warehouses of the caller's company, whatever their state; add conditions on top.
   * They are the company's, not an account's: every user of the company uses them.
   */
  companyList(db: Db, user: SessionUser, table: 'truckers' | 'warehouses') {
    return db.selectFrom(table).where(`${table}.company_id`, '=', user.companyId);
  },

  /**
   * Whether the caller sees every one of the shipments, read after the caller's transaction has
   * locked them, in a statement of its own: the lock may have waited for the broker to move an
   * account to another company (the move locks the account's shipments first), and the locking
   * statement's check read the accounts as they were before.
   */
  async seesAllAfterLock(db: Db, user: SessionUser, shipmentIds: readonly number[]): Promise<boolean> {
    const row = await accessRepository
      .shipments(db, user)
      .select((eb) => eb.fn.countAll<number>().as('visible'))
      .where('shipments.id', 'in', shipmentIds)
      .executeTakeFirstOrThrow();
    return Number(row.visible) === new Set(shipmentIds).size;
  },

  /** The id of a shipment the caller may see, or undefined: the caller answers 404. */
  async findShipmentId(db: Db, user: SessionUser, shipmentId: number): Promise<number | undefined> {
    const row = await accessRepository
      .shipments(db, user)
      .select('shipments.id')
      .where('shipments.id', '=', shipmentId)
      .executeTakeFirst();
    return row?.id;
  },
};
