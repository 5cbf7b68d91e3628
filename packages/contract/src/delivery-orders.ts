import { z } from 'zod';
import { RecordDate } from './calendar.ts';
import { revisionOf } from './revision.ts';
import { oneLineText, plainText } from './plain-text.ts';
import { NOTE_MAX_LENGTH, REFERENCE_MAX_LENGTH, SHIPMENT_DELIVERY_ORDERS_MAX } from './constants.ts';
import { EntityId, ErrorResponse, Flag, Id, MAX_ID, MessageResponse } from './http.ts';
import { TEXTS } from './texts.ts';
import { Trucker } from './truckers.ts';
import { Warehouse } from './warehouses.ts';

/** Path parameters of API_PATHS.deliveryOrder and API_PATHS.sendDeliveryOrder. */
export const DeliveryOrderParams = z.object({ id: Id, orderId: Id });
export type DeliveryOrderParams = z.infer<typeof DeliveryOrderParams>;

/**
 * The spec highlights the missing fields but quotes no wording; the server sends these same
 * texts. A refused save answers DeliveryOrderErrorResponse: `errors[0]` is the text to show
 * under the form and `field` the field to highlight. Besides the schema's own checks:
 * - 400 `trucker_id`/`warehouse_id`: not one of the company's active truckers or warehouses
 *   (another company's, deleted, inactive or unknown ids alike). On update, the order's own
 *   trucker and warehouse stay accepted after they were deactivated or deleted, so an order
 *   showing one with (Deleted) can still be saved.
 * - 400 `containers`/`bill_ladings`: an id that is not a container or bill of this shipment.
 * - 400 `containers` on create when the shipment has no container yet: TEXTS.missingContainer.
 * - 409 `containers`: containersAssigned, see DeliveryOrderRequest.reuse_assigned_containers.
 */
export const DELIVERY_ORDER_ERRORS = {
  truckerRequired: 'Please select a trucker.',
  warehouseRequired: 'Please select a warehouse.',
  containersRequired: 'Please select at least one container.',
  billsRequired: 'Please select at least one bill of lading.',
  truckerUnavailable: 'The selected trucker is not one of your active truckers. Please select another.',
  warehouseUnavailable: 'The selected warehouse is not one of your active warehouses. Please select another.',
  containerNotOnShipment: 'A selected container is not part of this shipment.',
  billNotOnShipment: 'A selected bill of lading is not part of this shipment.',
  /** {containers} lists the container numbers. */
  containersAssigned: 'Already in another delivery order of this shipment: {containers}. Confirm to use them again.',
  /** 404 for an order that is not one of this shipment's, or that the caller may not see. */
  orderNotFound: 'Delivery order not found.',
  /** 409 from send: approval is the broker's act. */
  notApproved: 'Your broker has not approved this delivery order yet, so it cannot be sent.',
  /** 409 from send: the trucker has no e-mail address to send to. */
  truckerHasNoEmail: 'The trucker of this delivery order has no e-mail address to send it to.',
  /** 409 from a change, delete or send while a send of the order is under way. */
  beingSent: 'This delivery order is being sent. Please try again in a moment.',
  /** 409 from a change whose `revision` is not the stored order's: someone saved it meanwhile. */
  changedElsewhere:
    'This delivery order was changed elsewhere since this page was opened, in another tab or by someone else. Nothing was saved: reload the page to see it, then make your change again.',
  /** 409 from a new order: the shipment holds SHIPMENT_DELIVERY_ORDERS_MAX orders. */
  ordersFull: `This shipment has reached its limit of ${SHIPMENT_DELIVERY_ORDERS_MAX} delivery orders. Delete one it no longer needs to make another.`,
} as const;

/** The reply text of a delete; the spec does not show it. */
export const DELIVERY_ORDER_DELETED = 'Delivery order deleted.';

function requiredId(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
}

/**
 * The body of both create (API_PATHS.deliveryOrders) and update (API_PATHS.deliveryOrder).
 * `containers` are container ids and `bill_ladings` bill-of-lading ids (master or house) of the
 * same shipment; the server checks that they belong to it and that trucker and warehouse are
 * the company's own and active (DELIVERY_ORDER_ERRORS).
 *
 * A container belongs to one order of a shipment: choosing one that another order of the
 * shipment holds (the dropdown's (Assigned), see containersToConfirm) is refused with 409 unless
 * `reuse_assigned_containers` is true, which the editor sends once the user confirmed. Containers
 * the order already holds never need the confirmation again.
 *
 * Saving changes to an approved order withdraws its approval (`approved` 0 in the reply): the
 * broker approves what is sent. A save that changes nothing keeps it.
 *
 * Beyond the spec, `pickup_date` (YYYY-MM-DD) is the day the trucker is asked to pick the
 * containers up: null for none, and left out it stays as it was (none for a new order).
 */
export const DeliveryOrderRequest = z.object({
  trucker_id: requiredId(DELIVERY_ORDER_ERRORS.truckerRequired),
  warehouse_id: requiredId(DELIVERY_ORDER_ERRORS.warehouseRequired),
  reference_number: oneLineText(z.string().trim().max(REFERENCE_MAX_LENGTH)),
  note: plainText(z.string().trim().max(NOTE_MAX_LENGTH)),
  containers: z.array(EntityId).min(1, DELIVERY_ORDER_ERRORS.containersRequired).max(200),
  bill_ladings: z.array(EntityId).min(1, DELIVERY_ORDER_ERRORS.billsRequired).max(200),
  pickup_date: RecordDate.nullable().optional(),
  reuse_assigned_containers: z.boolean().default(false),
  revision: z
    .string()
    .max(32)
    .optional()
    .describe(
      "On a change, the order's `revision` as it was read (the replies give it): refused with 409 when the order was changed since. Left out, the order sent replaces the stored one.",
    ),
});
export type DeliveryOrderRequest = z.infer<typeof DeliveryOrderRequest>;
export type DeliveryOrderRequestInput = z.input<typeof DeliveryOrderRequest>;

/** The editor's values: a dropdown with nothing chosen holds null. */
export type DeliveryOrderFormValues = Omit<
  DeliveryOrderRequest,
  'trucker_id' | 'warehouse_id' | 'reuse_assigned_containers' | 'revision'
> & {
  trucker_id: number | null;
  warehouse_id: number | null;
};

export type DeliveryOrderFieldErrors = Partial<Record<keyof DeliveryOrderRequest, string>>;

/**
 * The editor's checks, through the server's own schema: the first message per field, for the
 * error style on each missing field. Empty when the order may be saved.
 */
export function deliveryOrderErrors(values: DeliveryOrderFormValues): DeliveryOrderFieldErrors {
  const result = DeliveryOrderRequest.safeParse(values);
  if (result.success) return {};
  const errors: DeliveryOrderFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof DeliveryOrderRequest;
    errors[field] ??= issue.message;
  }
  return errors;
}

type OrderContainers = { id: number; containers: readonly number[] };

/**
 * Containers held by the shipment's orders other than `orderId` (undefined for a new order):
 * the dropdown labels them TEXTS.assignedLabel.
 */
export function assignedContainerIds(orders: readonly OrderContainers[], orderId?: number): Set<number> {
  return new Set(orders.filter((order) => order.id !== orderId).flatMap((order) => order.containers));
}

/**
 * The chosen containers that need the user's confirmation before saving: held by another order
 * of the shipment and not already by this one. The server refuses exactly these (409) unless
 * `reuse_assigned_containers` is true.
 */
export function containersToConfirm(
  orders: readonly OrderContainers[],
  orderId: number | undefined,
  chosen: readonly number[],
): number[] {
  const assigned = assignedContainerIds(orders, orderId);
  const held = new Set(orders.find((order) => order.id === orderId)?.containers ?? []);
  return [...new Set(chosen)].filter((id) => assigned.has(id) && !held.has(id));
}

/** An order's content: what a save may change. A new order's dropdowns may hold null. */
export type DeliveryOrderContent = Omit<DeliveryOrderFormValues, 'containers' | 'bill_ladings'> & {
  containers: readonly number[];
  bill_ladings: readonly number[];
};

export type DeliveryOrderChanges = Partial<{ [Field in keyof DeliveryOrderContent]: { from: unknown; to: unknown } }>;

/** Ids once each, ascending: how an order's containers and bills compare. */
export const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The revision of an order's content, as deliveryOrderChanges compares it: the editor sends the
 * one it started from, and a change of an order saved since (another tab, a colleague) is refused
 * instead of undoing that save (decision 0009).
 */
export function deliveryOrderRevision(order: DeliveryOrderContent): string {
  return revisionOf({
    trucker_id: order.trucker_id,
    warehouse_id: order.warehouse_id,
    reference_number: order.reference_number.trim(),
    note: order.note.trim(),
    pickup_date: order.pickup_date ?? null,
    containers: sortedIds(order.containers),
    bill_ladings: sortedIds(order.bill_ladings),
  });
}

/**
 * The fields that differ, from and to: texts compare as the server stores them (trimmed), the
 * container and bill lists as sets. Empty when a save would change nothing, which keeps the
 * broker's approval; the editor asks before sending an order with changes not saved.
 */
export function deliveryOrderChanges(before: DeliveryOrderContent, after: DeliveryOrderContent): DeliveryOrderChanges {
  const changes: DeliveryOrderChanges = {};
  for (const field of ['trucker_id', 'warehouse_id'] as const) {
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  }
  for (const field of ['reference_number', 'note'] as const) {
    const [from, to] = [before[field].trim(), after[field].trim()];
    if (from !== to) changes[field] = { from, to };
  }
  // Left out, the pick-up date stays.
  const pickup = {
    from: before.pickup_date ?? null,
    to: after.pickup_date === undefined ? (before.pickup_date ?? null) : after.pickup_date,
  };
  if (pickup.from !== pickup.to) changes.pickup_date = pickup;
  for (const field of ['containers', 'bill_ladings'] as const) {
    const [from, to] = [sortedIds(before[field]), sortedIds(after[field])];
    if (from.join() !== to.join()) changes[field] = { from, to };
  }
  return changes;
}

/**
 * A new order's starting values: the reference number defaults to the shipment's customer
 * reference, and a single container is preselected (the editor shows it read-only).
 */
export function newDeliveryOrderForm(shipment: {
  customer_reference_no: string;
  containers: ReadonlyArray<{ id: number }>;
}): DeliveryOrderFormValues {
  const [onlyContainer] = shipment.containers;
  return {
    trucker_id: null,
    warehouse_id: null,
    reference_number: shipment.customer_reference_no,
    note: '',
    containers: shipment.containers.length === 1 && onlyContainer ? [onlyContainer.id] : [],
    bill_ladings: [],
    pickup_date: null,
  };
}

export const DeliveryOrderContainer = z.object({
  container_id: EntityId,
  container: z.object({ id: EntityId, container_no: z.string() }),
});
export type DeliveryOrderContainer = z.infer<typeof DeliveryOrderContainer>;

/**
 * `containers` and `bill_ladings` are ids, as the request sends them, so the editor loads an
 * order as is; `delivery_order_containers` carries the container numbers for display.
 * `trucker` and `warehouse` are included even when deleted, so the editor can show (Deleted).
 * `approved` is 1 once the broker approved the order (Send is offered only then). `path` is the
 * PDF last sent (download it with filePath(path)), null until the first send succeeds;
 * `sent_at` is when, ISO 8601, or null. `pickup_date` is the pick-up day asked for, or null.
 */
export const DeliveryOrder = z.object({
  id: EntityId,
  trucker_id: EntityId,
  warehouse_id: EntityId,
  reference_number: z.string(),
  note: z.string(),
  pickup_date: z.iso.date().nullable(),
  containers: z.array(EntityId),
  bill_ladings: z.array(EntityId),
  approved: Flag,
  path: z.string().nullable(),
  sent_at: z.string().nullable(),
  trucker: Trucker,
  warehouse: Warehouse,
  delivery_order_containers: z.array(DeliveryOrderContainer),
  revision: z
    .string()
    .describe(
      "The order's deliveryOrderRevision: send it back as `revision` with a change, refused with 409 when the order was changed since it was read.",
    ),
});
export type DeliveryOrder = z.infer<typeof DeliveryOrder>;

/** Create and update reply with the saved order; a new order's id comes from here. */
export const DeliveryOrderResponse = z.object({ delivery_order: DeliveryOrder });
export type DeliveryOrderResponse = z.infer<typeof DeliveryOrderResponse>;

/** The spec does not show the delete reply: DELIVERY_ORDER_DELETED. The order's PDF goes with it. */
export const DeleteDeliveryOrderResponse = MessageResponse;
export type DeleteDeliveryOrderResponse = z.infer<typeof DeleteDeliveryOrderResponse>;

/**
 * POST .../send, without a body (and so without a JSON Content-Type): renders the order as a
 * PDF and e-mails it to the trucker's address with its CC list, and to the company's
 * delivery-order notification list (table_number 3) with its CCs. Every send renders and
 * mails again. The reply's message is TEXTS.deliveryOrderSent and `delivery_order` carries the
 * new `path` and `sent_at`.
 * Refusals: 404 (shipment or order), 409 DELIVERY_ORDER_ERRORS.notApproved or
 * truckerHasNoEmail, and 502 TEXTS.deliveryOrderSendFailed when the mail server did not take
 * the message; the order is then left exactly as it was (unsent, or as last sent), and the
 * send can be repeated.
 */
export const SendDeliveryOrderResponse = z.object({ message: z.string(), delivery_order: DeliveryOrder });
export type SendDeliveryOrderResponse = z.infer<typeof SendDeliveryOrderResponse>;

/**
 * A refused save or send: `errors` holds at least one text, the first is shown under the form;
 * `field` names the field at fault when there is one. Schema refusals (400) have the same shape.
 */
export const DeliveryOrderErrorResponse = z.object({
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(z.string()).min(1),
});
export type DeliveryOrderErrorResponse = z.infer<typeof DeliveryOrderErrorResponse>;

/** The text to show for a failed save from any error body: first error, else message, else generic. */
export function deliveryOrderErrorText(body: unknown): string {
  const parsed = ErrorResponse.safeParse(body);
  if (!parsed.success) return TEXTS.genericError;
  return parsed.data.errors?.[0] ?? (parsed.data.message || TEXTS.genericError);
}
