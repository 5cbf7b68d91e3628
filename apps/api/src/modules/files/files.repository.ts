import { isReadOnly } from '@clearport/contract/roles';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { extensionOf } from '../../lib/file-type.ts';
import { accessRepository } from '../access/access.repository.ts';
import { deliveryOrderFileName } from '../delivery-orders/delivery-order-pdf.ts';
import { invoiceFileName } from '../invoices/invoices.rules.ts';
import type { SessionUser } from '../access/session-user.ts';

/**
 * A column that holds stored file keys, and the download name of the file under `key` when the
 * caller may see the record holding it (undefined otherwise).
 */
type StoredFileColumn = {
  [Table in keyof Database]: {
    table: Table;
    column: keyof Database[Table] & string;
    /** Always downloaded, never shown in the page, whatever its type (an invoice's backup, spec section 2). */
    isDownload?: boolean;
    /**
     * Downloaded by the read-only role 11 too: only the shipment's documents but the 7501, since
     * its view has no file links (the 7501, invoices) and no delivery orders (spec section 2).
     */
    isForReadOnlyRole?: boolean;
    nameOf(db: Db, user: SessionUser, key: string, extension: string): Promise<string | undefined>;
  };
}[keyof Database];

const visibleShipmentIds = (db: Db, user: SessionUser) => accessRepository.shipments(db, user).select('shipments.id');

/** An invoice's file in `column`, downloaded under the name the invoice page gives it. */
function invoiceFile(column: 'path' | 'backup'): StoredFileColumn {
  return {
    table: 'invoices',
    column,
    isDownload: column === 'backup',
    async nameOf(db, user, key, extension) {
      const invoice = await accessRepository
        .invoices(db, user)
        .select(['invoices.id', 'invoices.invoice_number'])
        .where(`invoices.${column}`, '=', key)
        .executeTakeFirst();
      return invoice && invoiceFileName({ id: invoice.id, invoiceNumber: invoice.invoice_number }, column, extension);
    },
  };
}

/**
 * Every column that names a stored file: a shipment's documents, its 7501 and its delivery
 * orders, an invoice's PDF and backup. The downloads look a key up here, and the orphan file
 * sweep keeps every key one of them holds.
 */
export const STORED_FILE_COLUMNS: readonly StoredFileColumn[] = [
  {
    table: 'documents',
    column: 'path',
    isForReadOnlyRole: true,
    async nameOf(db, user, key) {
      const document = await accessRepository
        .documents(db, user)
        .select('original_name')
        .where('path', '=', key)
        .executeTakeFirst();
      return document?.original_name;
    },
  },
  {
    table: 'shipments',
    column: 'path_to_7501',
    async nameOf(db, user, key, extension) {
      const shipment = await accessRepository
        .shipments(db, user)
        .select('shipments.file_number')
        .where('shipments.path_to_7501', '=', key)
        .executeTakeFirst();
      return shipment && `7501 ${shipment.file_number}.${extension}`;
    },
  },
  {
    table: 'delivery_orders',
    column: 'path',
    async nameOf(db, user, key) {
      const order = await db
        .selectFrom('delivery_orders')
        .innerJoin('shipments', 'shipments.id', 'delivery_orders.shipment_id')
        .select(['delivery_orders.id', 'shipments.file_number'])
        .where('delivery_orders.path', '=', key)
        .where('delivery_orders.shipment_id', 'in', visibleShipmentIds(db, user))
        .executeTakeFirst();
      // The name the trucker's attachment has.
      return order && deliveryOrderFileName({ orderId: order.id, shipment: { file_number: order.file_number } });
    },
  },
  invoiceFile('path'),
  invoiceFile('backup'),
];

export const filesRepository = {
  /**
   * The download name of a stored file the caller may see, by its key, and whether it is only
   * downloaded; undefined answers 404.
   */
  async find(db: Db, user: SessionUser, key: string): Promise<{ name: string; isDownload: boolean } | undefined> {
    const extension = extensionOf(key);
    const readOnly = isReadOnly(user.role);
    for (const stored of STORED_FILE_COLUMNS) {
      if (readOnly && !stored.isForReadOnlyRole) continue;
      const name = await stored.nameOf(db, user, key, extension);
      if (name !== undefined) return { name, isDownload: stored.isDownload ?? false };
    }
    return undefined;
  },
};
