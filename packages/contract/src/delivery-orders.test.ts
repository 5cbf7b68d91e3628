import { describe, expect, it } from 'vitest';
import {
  assignedContainerIds,
  containersToConfirm,
  DELIVERY_ORDER_ERRORS,
  deliveryOrderChanges,
  DeliveryOrderRequest,
  deliveryOrderErrorText,
  deliveryOrderErrors,
  newDeliveryOrderForm,
  type DeliveryOrderFormValues,
} from './delivery-orders.ts';
import { TEXTS } from './texts.ts';

const complete: DeliveryOrderFormValues = {
  trucker_id: 7,
  warehouse_id: 3,
  reference_number: ' PO-1 ',
  note: '',
  containers: [11],
  bill_ladings: [21],
};

describe('deliveryOrderErrors', () => {
  it('passes a complete order, which the server schema accepts as well', () => {
    expect(deliveryOrderErrors(complete)).toEqual({});
    expect(DeliveryOrderRequest.parse(complete)).toEqual({
      ...complete,
      reference_number: 'PO-1',
      reuse_assigned_containers: false,
    });
  });

  it('names every missing field of an empty order', () => {
    const empty: DeliveryOrderFormValues = {
      ...complete,
      trucker_id: null,
      warehouse_id: null,
      containers: [],
      bill_ladings: [],
    };
    expect(deliveryOrderErrors(empty)).toEqual({
      trucker_id: DELIVERY_ORDER_ERRORS.truckerRequired,
      warehouse_id: DELIVERY_ORDER_ERRORS.warehouseRequired,
      containers: DELIVERY_ORDER_ERRORS.containersRequired,
      bill_ladings: DELIVERY_ORDER_ERRORS.billsRequired,
    });
  });

  const oneMissing: Array<[keyof DeliveryOrderRequest, Partial<DeliveryOrderFormValues>, string]> = [
    ['trucker_id', { trucker_id: null }, DELIVERY_ORDER_ERRORS.truckerRequired],
    ['warehouse_id', { warehouse_id: null }, DELIVERY_ORDER_ERRORS.warehouseRequired],
    ['containers', { containers: [] }, DELIVERY_ORDER_ERRORS.containersRequired],
    ['bill_ladings', { bill_ladings: [] }, DELIVERY_ORDER_ERRORS.billsRequired],
  ];

  it.each(oneMissing)('flags only %s when it alone is missing', (field, change, message) => {
    expect(deliveryOrderErrors({ ...complete, ...change })).toEqual({ [field]: message });
  });

  it('gives the server the same text as its first error', () => {
    const result = DeliveryOrderRequest.safeParse({ ...complete, warehouse_id: undefined });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DELIVERY_ORDER_ERRORS.warehouseRequired);
  });

  it('refuses ids that are not positive integers', () => {
    expect(deliveryOrderErrors({ ...complete, trucker_id: 0 })).toEqual({
      trucker_id: DELIVERY_ORDER_ERRORS.truckerRequired,
    });
    expect(DeliveryOrderRequest.safeParse({ ...complete, containers: [1.5] }).success).toBe(false);
  });

  it('bounds the texts', () => {
    expect(deliveryOrderErrors({ ...complete, note: 'x'.repeat(2001) })).toHaveProperty('note');
    expect(deliveryOrderErrors({ ...complete, reference_number: 'x'.repeat(101) })).toHaveProperty('reference_number');
  });
});

describe('newDeliveryOrderForm', () => {
  it('defaults the reference to the customer reference and preselects a single container', () => {
    expect(newDeliveryOrderForm({ customer_reference_no: 'REF-9', containers: [{ id: 5 }] })).toEqual({
      trucker_id: null,
      warehouse_id: null,
      reference_number: 'REF-9',
      note: '',
      containers: [5],
      bill_ladings: [],
      pickup_date: null,
    });
  });

  it('preselects nothing with several containers or none', () => {
    expect(newDeliveryOrderForm({ customer_reference_no: '', containers: [{ id: 5 }, { id: 6 }] }).containers).toEqual(
      [],
    );
    expect(newDeliveryOrderForm({ customer_reference_no: '', containers: [] }).containers).toEqual([]);
  });
});

describe('deliveryOrderErrorText', () => {
  it('shows the first server error, else the message, else the generic text', () => {
    expect(deliveryOrderErrorText({ message: 'Refused', errors: ['First', 'Second'] })).toBe('First');
    expect(deliveryOrderErrorText({ message: 'Refused' })).toBe('Refused');
    expect(deliveryOrderErrorText({ message: '', errors: [] })).toBe(TEXTS.genericError);
    expect(deliveryOrderErrorText('<html>')).toBe(TEXTS.genericError);
  });
});

describe('assigned containers', () => {
  const orders = [
    { id: 1, containers: [10, 11] },
    { id: 2, containers: [12] },
  ];

  it('labels the containers of the other orders', () => {
    expect(assignedContainerIds(orders)).toEqual(new Set([10, 11, 12]));
    expect(assignedContainerIds(orders, 1)).toEqual(new Set([12]));
  });

  it('asks to confirm only containers another order holds and this one does not', () => {
    expect(containersToConfirm(orders, undefined, [10, 13])).toEqual([10]);
    expect(containersToConfirm(orders, 2, [12, 11, 11])).toEqual([11]);
    expect(containersToConfirm([...orders, { id: 3, containers: [10] }], 3, [10])).toEqual([]);
  });
});

describe('deliveryOrderChanges', () => {
  const before = {
    trucker_id: 1,
    warehouse_id: 2,
    reference_number: 'A',
    note: '',
    containers: [3, 4],
    bill_ladings: [5],
  };

  it('is empty when nothing changes, lists compared as sets and texts as stored', () => {
    expect(deliveryOrderChanges(before, { ...before, containers: [4, 3, 3], reference_number: ' A ' })).toEqual({});
  });

  it('names each changed field from and to', () => {
    expect(
      deliveryOrderChanges(before, { ...before, trucker_id: 9, warehouse_id: null, note: 'n', bill_ladings: [6, 5] }),
    ).toEqual({
      trucker_id: { from: 1, to: 9 },
      warehouse_id: { from: 2, to: null },
      note: { from: '', to: 'n' },
      bill_ladings: { from: [5], to: [5, 6] },
    });
  });

  it('keeps the pick-up date a save leaves out, and names a new or cleared one', () => {
    const planned = { ...before, pickup_date: '2026-12-03' };
    expect(deliveryOrderChanges(planned, before)).toEqual({});
    expect(deliveryOrderChanges(planned, { ...before, pickup_date: null })).toEqual({
      pickup_date: { from: '2026-12-03', to: null },
    });
    expect(deliveryOrderChanges(before, planned)).toEqual({ pickup_date: { from: null, to: '2026-12-03' } });
  });
});
