import type { Flag } from '@clearport/contract/http';
import type { SkipDeliveryOrderResponse } from '@clearport/contract/shipment-detail';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { usePendingChange } from '../../../hooks/use-pending-change.ts';
import { useSkipDeliveryOrder } from '../api/skip-delivery-order.ts';

type SkipDeliveryOrderProps = {
  shipmentId: number;
  /** The shipment's ignored_shipment flag. */
  ignored: Flag;
  onChange: (reply: SkipDeliveryOrderResponse) => void;
};

/** Skip Delivery Order: the shipment leaves the Without Delivery Order count (toggle-ignore). */
export function SkipDeliveryOrder({ shipmentId, ignored, onChange }: SkipDeliveryOrderProps) {
  const skipMutation = useSkipDeliveryOrder(shipmentId, { onSuccess: onChange });
  const change = usePendingChange<boolean>(ignored);
  return (
    <Checkbox
      label={WEB_TEXTS.deliveryOrders.skipDeliveryOrder}
      description={WEB_TEXTS.deliveryOrders.skipDeliveryOrderHint}
      checked={change.value ?? ignored === 1}
      aria-disabled={change.isPending || undefined}
      onChange={(event) => {
        if (change.isPending) return;
        change.begin(event.target.checked);
        skipMutation.mutate(event.target.checked, {
          onSuccess: (reply) => reply.ignored_shipment === ignored && change.cancel(),
          onError: change.cancel,
        });
      }}
    />
  );
}
