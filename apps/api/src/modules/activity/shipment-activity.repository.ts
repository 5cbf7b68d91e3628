import type { Db } from '../../db/connect.ts';

/** What a shipment_activity row records; `detail` says what changed, from what to what. */
export const SHIPMENT_ACTIVITY = {
  isfFiled: 'isf.filed',
  documentUploaded: 'document.uploaded',
  documentDeleted: 'document.deleted',
  typesSet: 'document_types.set',
  typesUnset: 'document_types.unset',
  statusChanged: 'status.changed',
  noteAdded: 'note.added',
  referenceChanged: 'reference.changed',
  ignoreChanged: 'ignored.changed',
  reviewedChanged: '7501_reviewed.changed',
  deliveryOrderCreated: 'delivery_order.created',
  deliveryOrderUpdated: 'delivery_order.updated',
  deliveryOrderDeleted: 'delivery_order.deleted',
  deliveryOrderApproved: 'delivery_order.approved',
  deliveryOrderSent: 'delivery_order.sent',
  entryApproved: 'entry.approved',
  entryQueried: 'entry.queried',
} as const;

export type ShipmentActivityAction = (typeof SHIPMENT_ACTIVITY)[keyof typeof SHIPMENT_ACTIVITY];

export type ShipmentActivityEntry = {
  shipmentId: number;
  /** Null for the broker's own acts (delivery order approval), which no portal user makes. */
  userId: number | null;
  action: ShipmentActivityAction;
  detail: Record<string, unknown>;
  /** When it happened, if not now: an act recorded after the fact (the demo's back-dated approvals). */
  at?: Date;
};

export const shipmentActivityRepository = {
  /** Call it with the transaction of the change it records, so both happen or neither. */
  async record(trx: Db, entries: readonly ShipmentActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await trx
      .insertInto('shipment_activity')
      .values(
        entries.map((entry) => ({
          shipment_id: entry.shipmentId,
          user_id: entry.userId,
          action: entry.action,
          detail: JSON.stringify(entry.detail),
          ...(entry.at && { created_at: entry.at }),
        })),
      )
      .execute();
  },
};
