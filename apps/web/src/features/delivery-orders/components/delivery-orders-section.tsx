import { useId } from 'react';
import type { ShipmentDetail, ToggleIgnoreResponse } from '@clearport/contract/shipments';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { DeliveryOrderList } from './delivery-order-list.tsx';
import { SkipDeliveryOrder } from './skip-delivery-order.tsx';

type DeliveryOrdersSectionProps = {
  shipment: Pick<ShipmentDetail, 'id' | 'ignored_shipment' | 'delivery_orders'>;
  /** The server stored a new Skip Delivery Order flag; the page's copy of the shipment takes it. */
  onIgnoredChange: (reply: ToggleIgnoreResponse) => void;
};

/**
 * The detail page's delivery order area (spec section 2): Skip Delivery Order, the New Delivery
 * Order button and the shipment's orders. Role 11 does not see it.
 */
export function DeliveryOrdersSection({ shipment, onIgnoredChange }: DeliveryOrdersSectionProps) {
  const unavailableId = useId();
  return (
    <Panel
      title={WEB_TEXTS.deliveryOrdersTitle}
      actions={
        <Button disabled aria-describedby={unavailableId}>
          {WEB_TEXTS.newDeliveryOrder}
        </Button>
      }
    >
      <p id={unavailableId} className="visually-hidden">
        {WEB_TEXTS.newDeliveryOrderUnavailable}
      </p>
      <SkipDeliveryOrder shipmentId={shipment.id} ignored={shipment.ignored_shipment} onChange={onIgnoredChange} />
      <DeliveryOrderList orders={shipment.delivery_orders} />
    </Panel>
  );
}
