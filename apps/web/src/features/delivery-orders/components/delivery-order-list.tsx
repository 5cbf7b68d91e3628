import type { DeliveryOrder } from '@clearport/contract/delivery-orders';
import { fillText } from '@clearport/contract/texts';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { FileLink } from '../../../components/ui/file-link.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import styles from './delivery-orders.module.css';

type DeliveryOrderListProps = {
  orders: readonly DeliveryOrder[];
};

/** The shipment's delivery orders: each with its trucker, warehouse, containers, state and PDF. */
export function DeliveryOrderList({ orders }: DeliveryOrderListProps) {
  if (orders.length === 0) return <p className={styles.empty}>{WEB_TEXTS.noDeliveryOrders}</p>;
  return (
    <ul className={styles.orders}>
      {orders.map((order) => {
        const title = fillText(WEB_TEXTS.deliveryOrderTitle, { id: String(order.id) });
        const isApproved = order.approved === 1;
        const containers = order.delivery_order_containers.map((each) => each.container.container_no);
        return (
          <li key={order.id} className={styles.order}>
            <article aria-label={title}>
              <div className={styles.orderHeader}>
                <h3 className={styles.orderTitle}>{title}</h3>
                <span className={`${styles.state} ${isApproved ? styles.approved : styles.awaiting}`}>
                  {isApproved ? WEB_TEXTS.deliveryOrderApproved : WEB_TEXTS.deliveryOrderAwaitingApproval}
                </span>
              </div>
              <DetailList
                items={[
                  { label: WEB_TEXTS.truckerLabel, value: order.trucker.name },
                  { label: WEB_TEXTS.warehouseLabel, value: order.warehouse.name },
                  { label: WEB_TEXTS.containersLabel, value: containers.join(', ') || WEB_TEXTS.notProvided },
                  { label: WEB_TEXTS.referenceLabel, value: order.reference_number || WEB_TEXTS.notProvided },
                ]}
              />
              {order.path && (
                <FileLink fileKey={order.path} fileName={`${title}.pdf`}>
                  {WEB_TEXTS.deliveryOrderPdf}
                </FileLink>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
