import { containersToConfirm, type DeliveryOrderRequest } from '@clearport/contract/delivery-orders';
import type { NotificationEmails } from '@clearport/contract/settings';
import type { DeliveryOrderRefusal } from './delivery-order-refusals.ts';

/*
 * The delivery order rules, as plain functions: what a save must satisfy, what it changes, and
 * to whom a send goes. The repository gathers the facts inside the transaction of the change
 * (the shipment row locked), so no other change of the shipment's orders runs in between.
 */

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
  const seen = new Set<string>();
  const once = (addresses: readonly string[]) =>
    addresses
      .map((address) => address.trim())
      .filter((address) => {
        const key = address.toLowerCase();
        if (address === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  const to = once([trucker.email, deliveryList.email]);
  const cc = once([...trucker.cc_emails, ...deliveryList.cc_emails]);
  return { to, cc };
}
