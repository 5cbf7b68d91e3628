import { describe, expect, it } from 'vitest';
import { DeliveryOrderRequest } from '@clearport/contract/delivery-orders';
import { deliveryOrderRecipients, deliveryOrderRefusal, type DeliveryOrderFacts } from './delivery-orders.rules.ts';

const facts: DeliveryOrderFacts = {
  isTruckerUsable: true,
  isWarehouseUsable: true,
  containers: [
    { id: 1, container_no: 'MSCU1234565' },
    { id: 2, container_no: 'TGHU7654321' },
  ],
  billIds: [10, 11],
  orders: [{ id: 100, containers: [1] }],
};
const input = DeliveryOrderRequest.parse({
  trucker_id: 5,
  warehouse_id: 6,
  reference_number: '',
  note: '',
  containers: [2],
  bill_ladings: [10],
});

describe('deliveryOrderRefusal', () => {
  it('accepts a save that meets every rule', () => {
    expect(deliveryOrderRefusal(input, facts)).toBeUndefined();
  });

  it('gives the first reason in the form’s order', () => {
    const everything = { ...input, containers: [9], bill_ladings: [99] };
    const unusable = { ...facts, isTruckerUsable: false, isWarehouseUsable: false };
    expect(deliveryOrderRefusal(everything, unusable)).toEqual({ refused: 'truckerUnavailable' });
    expect(deliveryOrderRefusal(everything, { ...unusable, isTruckerUsable: true })).toEqual({
      refused: 'warehouseUnavailable',
    });
    expect(deliveryOrderRefusal(everything, facts)).toEqual({ refused: 'containerNotOnShipment' });
    expect(deliveryOrderRefusal({ ...everything, containers: [2] }, facts)).toEqual({ refused: 'billNotOnShipment' });
  });

  it('asks to confirm a container another order holds, naming it, unless reuse was confirmed', () => {
    const both = { ...input, containers: [1, 2] };
    expect(deliveryOrderRefusal(both, facts)).toEqual({ refused: 'containersAssigned', containers: ['MSCU1234565'] });
    expect(deliveryOrderRefusal({ ...both, reuse_assigned_containers: true }, facts)).toBeUndefined();
  });

  it('does not ask again for a container the order itself holds', () => {
    const shared = { ...facts, orders: [...facts.orders, { id: 101, containers: [1, 2] }], orderId: 101 };
    expect(deliveryOrderRefusal({ ...input, containers: [1, 2] }, shared)).toBeUndefined();
    expect(deliveryOrderRefusal({ ...input, containers: [1] }, { ...facts, orderId: 100 })).toBeUndefined();
  });
});

describe('deliveryOrderRecipients', () => {
  it('sends to the trucker and the delivery list, copying both CC lists, each address once', () => {
    const recipients = deliveryOrderRecipients(
      { email: 'dispatch@trucks.test', cc_emails: ['ops@trucks.test', 'Logistics@Company.test'] },
      { email: 'logistics@company.test', cc_emails: ['OPS@trucks.test', 'boss@company.test', ''] },
    );
    expect(recipients).toEqual({
      to: ['dispatch@trucks.test', 'logistics@company.test'],
      cc: ['ops@trucks.test', 'boss@company.test'],
    });
  });

  it('leaves out an empty delivery list, and has no one to send to without the trucker’s address', () => {
    expect(deliveryOrderRecipients({ email: 'd@t.test', cc_emails: [] }, { email: '', cc_emails: [] })).toEqual({
      to: ['d@t.test'],
      cc: [],
    });
    expect(deliveryOrderRecipients({ email: ' ', cc_emails: ['a@t.test'] }, { email: 'l@c.test', cc_emails: [] })).toBe(
      undefined,
    );
  });
});
