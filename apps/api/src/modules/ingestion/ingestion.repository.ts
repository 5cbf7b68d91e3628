import type { Db } from '../../db/connect.ts';
import type { IngestionRecord, RecordOutcome } from '@clearport/contract/ingestion';
import { SHIPMENT_ACTIVITY, shipmentActivityRepository } from '../activity/shipment-activity.repository.ts';
import { approveDeliveryOrder } from '../delivery-orders/delivery-order-approval.ts';
import { recordDocumentsRequired } from '../event-mail/event-mail.repository.ts';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';

type Upserted = Exclude<RecordOutcome, 'refused'>;

/** A record that names something the portal does not hold; nothing of it is written. */
export class RecordRefusal extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** The fields of `wanted` whose value differs from `current`. */
function changedFields<T extends Record<string, unknown>>(current: T, wanted: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const [name, value] of Object.entries(wanted) as [keyof T, T[keyof T]][]) {
    if (current[name] !== value) changes[name] = value;
  }
  return changes;
}

async function companyIdOf(trx: Db, brokerId: string): Promise<number> {
  const company = await trx.selectFrom('companies').select('id').where('broker_id', '=', brokerId).executeTakeFirst();
  if (!company) throw new RecordRefusal('company_id', `There is no company ${brokerId}.`);
  return company.id;
}

async function upsertCompany(trx: Db, record: Extract<IngestionRecord, { kind: 'company' }>): Promise<Upserted> {
  const wanted = { name: record.name, primary_contact: record.primary_contact };
  const current = await trx
    .selectFrom('companies')
    .select(['id', 'name', 'primary_contact'])
    .where('broker_id', '=', record.company_id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('companies')
      .values({ ...wanted, broker_id: record.company_id })
      .execute();
    return 'created';
  }
  const changes = changedFields(current, wanted);
  if (Object.keys(changes).length === 0) return 'unchanged';
  await trx.updateTable('companies').set(changes).where('id', '=', current.id).execute();
  return 'updated';
}

async function upsertAccount(trx: Db, record: Extract<IngestionRecord, { kind: 'account' }>): Promise<Upserted> {
  const wanted = {
    company_id: await companyIdOf(trx, record.company_id),
    name: record.name,
    document_tracking: record.document_tracking,
  };
  const current = await trx
    .selectFrom('accounts')
    .select(['id', 'company_id', 'name', 'document_tracking'])
    .where('account_no', '=', record.account_no)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('accounts')
      .values({ ...wanted, account_no: record.account_no })
      .execute();
    return 'created';
  }
  const changes = changedFields(current, wanted);
  if (Object.keys(changes).length === 0) return 'unchanged';
  await trx.updateTable('accounts').set(changes).where('id', '=', current.id).execute();
  return 'updated';
}

async function upsertShipment(trx: Db, record: Extract<IngestionRecord, { kind: 'shipment' }>): Promise<Upserted> {
  const account = await trx
    .selectFrom('accounts')
    .select('id')
    .where('account_no', '=', record.account_no)
    .executeTakeFirst();
  if (!account) throw new RecordRefusal('account_no', `There is no account ${record.account_no}.`);
  const { kind: _kind, file_number, account_no: _accountNo, ...fields } = record;
  const wanted = { ...fields, account_id: account.id };
  const current = await trx
    .selectFrom('shipments')
    .select([
      'id',
      'account_id',
      'status',
      'customer_reference_no',
      'est_time_arrive',
      'shipment_discharge_date',
      'fda_review',
      'origin',
      'destination_terminal',
      'steamship_line',
      'vessel_name',
      'unlading_code',
      'unlading_name',
      'transport_mode',
      'transport_mode_description',
      'document_note',
      'comment',
    ])
    .where('file_number', '=', file_number)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    const created = await trx
      .insertInto('shipments')
      .values({ ...wanted, file_number })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (wanted.status === SHIPMENT_STATUSES.pendingDocuments) await tellDocumentsList(trx, created.id);
    return 'created';
  }
  const changes = changedFields(current, wanted);
  if (Object.keys(changes).length === 0) return 'unchanged';
  await trx
    .updateTable('shipments')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', current.id)
    .execute();
  if (changes.status === SHIPMENT_STATUSES.pendingDocuments) await tellDocumentsList(trx, current.id);
  if (changes.status !== undefined) {
    // The broker's status goes in the same history as the customer's; no portal user made it.
    await shipmentActivityRepository.record(trx, [
      {
        shipmentId: current.id,
        userId: null,
        action: SHIPMENT_ACTIVITY.statusChanged,
        detail: { from: current.status, to: changes.status, by: 'broker' },
      },
    ]);
  }
  return 'updated';
}

/** The shipment entered Documents Required: its company's documents list hears what is missing. */
async function tellDocumentsList(trx: Db, shipmentId: number): Promise<void> {
  const missing = await trx
    .selectFrom('document_types')
    .select('type')
    .where('shipment_id', '=', shipmentId)
    .where('required', '=', true)
    .where('submitted', '=', false)
    .orderBy('id')
    .execute();
  await recordDocumentsRequired(
    trx,
    shipmentId,
    missing.map((row) => row.type),
  );
}

async function shipmentIdOf(trx: Db, fileNumber: string): Promise<number> {
  const shipment = await trx
    .selectFrom('shipments')
    .select('id')
    .where('file_number', '=', fileNumber)
    .executeTakeFirst();
  if (!shipment) throw new RecordRefusal('file_number', `There is no shipment ${fileNumber}.`);
  return shipment.id;
}

async function upsertContainer(trx: Db, record: Extract<IngestionRecord, { kind: 'container' }>): Promise<Upserted> {
  const shipmentId = await shipmentIdOf(trx, record.file_number);
  const trackingInfo = JSON.stringify(record.tracking_events);
  const current = await trx
    .selectFrom('containers')
    .select(['id', 'tracking_info'])
    .where('shipment_id', '=', shipmentId)
    .where('container_no', '=', record.container_no)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('containers')
      .values({ shipment_id: shipmentId, container_no: record.container_no, tracking_info: trackingInfo })
      .execute();
    return 'created';
  }
  // jsonb keeps its own key order, so the events are compared as values, field by field.
  const isSame =
    current.tracking_info.length === record.tracking_events.length &&
    current.tracking_info.every(
      (event, index) =>
        event.location === record.tracking_events[index]!.location &&
        event.type === record.tracking_events[index]!.type &&
        event.date === record.tracking_events[index]!.date,
    );
  if (isSame) return 'unchanged';
  await trx.updateTable('containers').set({ tracking_info: trackingInfo }).where('id', '=', current.id).execute();
  return 'updated';
}

async function upsertBill(trx: Db, record: Extract<IngestionRecord, { kind: 'bill_of_lading' }>): Promise<Upserted> {
  const shipmentId = await shipmentIdOf(trx, record.file_number);
  const inserted = await trx
    .insertInto('bills_of_lading')
    .values({ shipment_id: shipmentId, bill_lading: record.bill_lading, is_master: record.is_master })
    .onConflict((conflict) => conflict.columns(['shipment_id', 'bill_lading', 'is_master']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? 'created' : 'unchanged';
}

async function upsertRequiredType(
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'required_document_type' }>,
): Promise<Upserted> {
  const shipmentId = await shipmentIdOf(trx, record.file_number);
  const current = await trx
    .selectFrom('document_types')
    .select(['id', 'required'])
    .where('shipment_id', '=', shipmentId)
    .where('type', '=', record.type)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('document_types')
      .values({ shipment_id: shipmentId, type: record.type, required: record.required })
      .execute();
    return 'created';
  }
  if (current.required === record.required) return 'unchanged';
  await trx.updateTable('document_types').set({ required: record.required }).where('id', '=', current.id).execute();
  return 'updated';
}

async function approve(trx: Db, record: Extract<IngestionRecord, { kind: 'delivery_order_approval' }>) {
  const result = await approveDeliveryOrder(trx, record.delivery_order_id, new Date(), { tellsDeliveryList: true });
  if (result === 'notFound') {
    throw new RecordRefusal('delivery_order_id', `There is no delivery order ${record.delivery_order_id}.`);
  }
  return result === 'approved' ? 'updated' : 'unchanged';
}

export const ingestionRepository = {
  /** Writes one record in its own transaction: all of it, or (refused) nothing. */
  upsert(db: Db, record: IngestionRecord): Promise<Upserted> {
    return db.transaction().execute((trx): Promise<Upserted> => {
      switch (record.kind) {
        case 'company':
          return upsertCompany(trx, record);
        case 'account':
          return upsertAccount(trx, record);
        case 'shipment':
          return upsertShipment(trx, record);
        case 'container':
          return upsertContainer(trx, record);
        case 'bill_of_lading':
          return upsertBill(trx, record);
        case 'required_document_type':
          return upsertRequiredType(trx, record);
        case 'delivery_order_approval':
          return approve(trx, record);
      }
    });
  },
};
