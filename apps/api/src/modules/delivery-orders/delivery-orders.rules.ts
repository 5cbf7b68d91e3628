import {
  containersToConfirm,
  DELIVERY_ORDER_ERRORS,
  type DeliveryOrderRequest,
} from '@clearport/contract/delivery-orders';
import { REQUEST_KEY_HEADER } from '@clearport/contract/constants';
import { distinctAddresses, REQUEST_KEY_REUSED } from '@clearport/contract/http';
import type { NotificationEmails } from '@clearport/contract/settings';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { listedRefusal, type Refusal } from '../../lib/refusal.ts';
import type { ShipmentNotFound } from '../access/change-shipment.ts';

/*
 * The delivery order rules, as plain functions: what a save must satisfy, what it changes, and
 * to whom a send goes. The repository gathers the facts inside the transaction of the change
 * (the shipment row locked), so no other change of the shipment's orders runs in between.
 */

/** The ways a delivery order call is refused, by name. */
export type DeliveryOrderRefusal =
  | ShipmentNotFound
  | { refused: 'orderNotFound' }
  | { refused: 'noContainers' }
  | { refused: 'truckerUnavailable' }
  | { refused: 'warehouseUnavailable' }
  | { refused: 'containerNotOnShipment' }
  | { refused: 'billNotOnShipment' }
  | { refused: 'containersAssigned'; containers: string[] }
  | { refused: 'notApproved' }
  | { refused: 'truckerHasNoEmail' }
  | { refused: 'beingSent' }
  | { refused: 'changedElsewhere' }
  | { refused: 'requestKeyReused' }
  | { refused: 'ordersFull' }
  | { refused: 'mailFailed' };

/**
 * How each refusal is answered: DeliveryOrderErrorResponse, `{ message, field?, errors: [message] }`,
 * so the editor shows `errors[0]` as it shows the schema's refusals.
 */
export function refusalOf(named: DeliveryOrderRefusal, brokerEmail: string): Refusal {
  const E = DELIVERY_ORDER_ERRORS;
  switch (named.refused) {
    case 'shipmentNotFound':
      return listedRefusal(404, SHIPMENT_DETAIL_ERRORS.shipmentNotFound);
    case 'orderNotFound':
      return listedRefusal(404, E.orderNotFound);
    case 'noContainers':
      return listedRefusal(400, fillText(TEXTS.missingContainer, { email: brokerEmail }), 'containers');
    case 'truckerUnavailable':
      return listedRefusal(400, E.truckerUnavailable, 'trucker_id');
    case 'warehouseUnavailable':
      return listedRefusal(400, E.warehouseUnavailable, 'warehouse_id');
    case 'containerNotOnShipment':
      return listedRefusal(400, E.containerNotOnShipment, 'containers');
    case 'billNotOnShipment':
      return listedRefusal(400, E.billNotOnShipment, 'bill_ladings');
    case 'containersAssigned':
      return listedRefusal(
        409,
        fillText(E.containersAssigned, { containers: named.containers.join(', ') }),
        'containers',
      );
    case 'notApproved':
      return listedRefusal(409, E.notApproved);
    case 'truckerHasNoEmail':
      return listedRefusal(409, E.truckerHasNoEmail);
    case 'beingSent':
      return listedRefusal(409, E.beingSent);
    case 'changedElsewhere':
      return listedRefusal(409, E.changedElsewhere, 'revision');
    case 'requestKeyReused':
      return listedRefusal(422, REQUEST_KEY_REUSED, REQUEST_KEY_HEADER);
    case 'ordersFull':
      return listedRefusal(409, E.ordersFull);
    case 'mailFailed':
      // The mail server, not this one, failed: a gateway error.
      return listedRefusal(502, TEXTS.deliveryOrderSendFailed);
  }
}

/** What the server knows about a save's choices. */
export type DeliveryOrderFacts = {
  /** One of the company's active truckers, or (on update) the order's own. */
  isTruckerUsable: boolean;
  isWarehouseUsable: boolean;
  /** The shipment's containers and bills of lading. */
  containers: ReadonlyArray<{ id: number; container_no: string }>;
  billIds: readonly number[];
  /** The shipment's orders with the containers each holds. */
  orders: ReadonlyArray<{ id: number; containers: readonly number[] }>;
  /** The order being updated; undefined on create. */
  orderId?: number;
};

/**
 * The first reason to refuse the save, in the editor's field order (trucker, warehouse,
 * containers, bills), the confirmable reuse of assigned containers last; undefined when it may
 * be saved.
 */
export function deliveryOrderRefusal(
  input: DeliveryOrderRequest,
  facts: DeliveryOrderFacts,
): DeliveryOrderRefusal | undefined {
  if (!facts.isTruckerUsable) return { refused: 'truckerUnavailable' };
  if (!facts.isWarehouseUsable) return { refused: 'warehouseUnavailable' };
  const containerIds = new Set(facts.containers.map((container) => container.id));
  if (input.containers.some((id) => !containerIds.has(id))) return { refused: 'containerNotOnShipment' };
  const billIds = new Set(facts.billIds);
  if (input.bill_ladings.some((id) => !billIds.has(id))) return { refused: 'billNotOnShipment' };
  if (!input.reuse_assigned_containers) {
    const toConfirm = new Set(containersToConfirm(facts.orders, facts.orderId, input.containers));
    if (toConfirm.size > 0) {
      const numbers = facts.containers.filter((container) => toConfirm.has(container.id));
      return { refused: 'containersAssigned', containers: numbers.map((container) => container.container_no) };
    }
  }
  return undefined;
}

export type Recipients = { to: string[]; cc: string[] };

/**
 * A send goes to the trucker's address and the company's delivery-order list, copied to both
 * CC lists; each address once (case aside), and an address that is a recipient is not also
 * copied. Undefined when the trucker has no address: the order has no one to go to.
 */
export function deliveryOrderRecipients(
  trucker: { email: string; cc_emails: readonly string[] },
  deliveryList: NotificationEmails,
): Recipients | undefined {
  if (trucker.email.trim() === '') return undefined;
  const filled = (addresses: readonly string[]) =>
    addresses.map((address) => address.trim()).filter((address) => address !== '');
  const to = distinctAddresses(filled([trucker.email, deliveryList.email]));
  const cc = distinctAddresses([...to, ...filled([...trucker.cc_emails, ...deliveryList.cc_emails])]).slice(to.length);
  return { to, cc };
}
