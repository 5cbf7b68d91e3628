import { z } from 'zod';
import { EntityId, ErrorResponse, Flag, Id, MessageResponse } from './http.ts';
import { TEXTS } from './texts.ts';
import { Trucker } from './truckers.ts';
import { Warehouse } from './warehouses.ts';

/** Path parameters of API_PATHS.deliveryOrder and API_PATHS.sendDeliveryOrder. */
export const DeliveryOrderParams = z.object({ id: Id, orderId: Id });
export type DeliveryOrderParams = z.infer<typeof DeliveryOrderParams>;

/** The spec highlights the missing fields but quotes no wording; the server sends these same texts. */
export const DELIVERY_ORDER_ERRORS = {
  truckerRequired: 'Please select a trucker.',
  warehouseRequired: 'Please select a warehouse.',
  containersRequired: 'Please select at least one container.',
  billsRequired: 'Please select at least one bill of lading.',
} as const;

function requiredId(message: string) {
  return z.number({ error: message }).int(message).positive(message);
}

/**
 * The body of both create (API_PATHS.deliveryOrders) and update (API_PATHS.deliveryOrder).
 * `containers` are container ids and `bill_ladings` bill-of-lading ids (master or house) of the
 * same shipment; the server checks that they belong to it and that trucker and warehouse are
 * the company's own and active.
 */
export const DeliveryOrderRequest = z.object({
  trucker_id: requiredId(DELIVERY_ORDER_ERRORS.truckerRequired),
  warehouse_id: requiredId(DELIVERY_ORDER_ERRORS.warehouseRequired),
  reference_number: z.string().trim().max(100),
  note: z.string().trim().max(2000),
  containers: z.array(EntityId).min(1, DELIVERY_ORDER_ERRORS.containersRequired).max(200),
  bill_ladings: z.array(EntityId).min(1, DELIVERY_ORDER_ERRORS.billsRequired).max(200),
});
export type DeliveryOrderRequest = z.infer<typeof DeliveryOrderRequest>;

/** The editor's values: a dropdown with nothing chosen holds null. */
export type DeliveryOrderFormValues = Omit<DeliveryOrderRequest, 'trucker_id' | 'warehouse_id'> & {
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
 * `path` is the order's generated document, null until there is one.
 */
export const DeliveryOrder = z.object({
  id: EntityId,
  trucker_id: EntityId,
  warehouse_id: EntityId,
  reference_number: z.string(),
  note: z.string(),
  containers: z.array(EntityId),
  bill_ladings: z.array(EntityId),
  approved: Flag,
  path: z.string().nullable(),
  trucker: Trucker,
  warehouse: Warehouse,
  delivery_order_containers: z.array(DeliveryOrderContainer),
});
export type DeliveryOrder = z.infer<typeof DeliveryOrder>;

/** Create and update reply with the saved order; a new order's id comes from here. */
export const DeliveryOrderResponse = z.object({ delivery_order: DeliveryOrder });
export type DeliveryOrderResponse = z.infer<typeof DeliveryOrderResponse>;

/** The spec does not show the delete reply: a message. */
export const DeleteDeliveryOrderResponse = MessageResponse;
export type DeleteDeliveryOrderResponse = z.infer<typeof DeleteDeliveryOrderResponse>;

/** Sending is refused (409) unless the order is approved; the client shows its own success text. */
export const SendDeliveryOrderResponse = MessageResponse;
export type SendDeliveryOrderResponse = z.infer<typeof SendDeliveryOrderResponse>;

/** A refused save or send: `errors` holds at least one text, the first is shown under the form. */
export const DeliveryOrderErrorResponse = z.object({
  message: z.string(),
  errors: z.array(z.string()).min(1),
});
export type DeliveryOrderErrorResponse = z.infer<typeof DeliveryOrderErrorResponse>;

/** The text to show for a failed save from any error body: first error, else message, else generic. */
export function deliveryOrderErrorText(body: unknown): string {
  const parsed = ErrorResponse.safeParse(body);
  if (!parsed.success) return TEXTS.genericError;
  return parsed.data.errors?.[0] ?? (parsed.data.message || TEXTS.genericError);
}
