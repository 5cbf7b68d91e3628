import { useEffect, useId, useState } from 'react';
import type { DeliveryOrder } from '@clearport/contract/delivery-orders';
import type { ShipmentDetail, SkipDeliveryOrderResponse } from '@clearport/contract/shipment-detail';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { ListRestButton, useListRest } from '../../../components/ui/list-rest.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { DeliveryOrderCard, deliveryOrderTitle } from './delivery-order-card.tsx';
import { DeliveryOrderEditor, type DeliveryOrderSettings } from './delivery-order-editor.tsx';
import { SkipDeliveryOrder } from './skip-delivery-order.tsx';
import styles from './delivery-orders.module.css';

export type DeliveryOrdersUpdate = (orders: DeliveryOrder[]) => DeliveryOrder[];

type DeliveryOrdersSectionProps = {
  shipment: Pick<
    ShipmentDetail,
    'id' | 'ignored_shipment' | 'delivery_orders' | 'customer_reference_no' | 'containers' | 'bill_lading'
  >;
  /** The company's truckers and warehouses and their Add New dialogs, from the settings feature. */
  settings: DeliveryOrderSettings;
  /** The terminal's last free day (YYYY-MM-DD) of each container still there, by container id. */
  lastFreeDays?: ReadonlyMap<number, string>;
  /** The server stored a new Skip Delivery Order flag; the page's copy of the shipment takes it. */
  onIgnoredChange: (reply: SkipDeliveryOrderResponse) => void;
  /** The server saved, sent or deleted an order; the page's copy of the shipment's orders takes it. */
  onOrdersChange: (update: DeliveryOrdersUpdate) => void;
  /** The brokerage's contact address (the profile's), which the missing-container text names; none yet while it loads. */
  brokerEmail: string | undefined;
};

/** The latest orders the area shows, each with its editor, before the user asks for the earlier ones. */
export const ORDERS_SHOWN = 10;

/**
 * The detail page's delivery order area (spec section 2): Skip Delivery Order, the New Delivery
 * Order button, the new orders not saved yet and the shipment's orders (the latest ORDERS_SHOWN
 * until the user asks for the rest), each with its editor. Role 11 does not see it.
 */
export function DeliveryOrdersSection({
  shipment,
  settings,
  lastFreeDays,
  onIgnoredChange,
  onOrdersChange,
  brokerEmail,
}: DeliveryOrdersSectionProps) {
  // New orders live only here until saved: Delete drops one without a call.
  const [drafts, setDrafts] = useState<number[]>([]);
  const orders = shipment.delivery_orders;
  const dropDraft = (draft: number) => setDrafts((current) => current.filter((each) => each !== draft));
  // An order needs a container (air freight has none) and a bill of lading: the spec's
  // missing-container text, or the same words of a bill, with the brokerage's address, is said
  // before the form rather than at a Save that cannot succeed.
  const missing =
    shipment.containers.length === 0
      ? TEXTS.missingContainer
      : shipment.bill_lading.length === 0
        ? WEB_TEXTS.deliveryOrders.missingBill
        : undefined;
  const missingId = useId();
  const { part, rest, showRest, listRef } = useListRest<DeliveryOrder, HTMLUListElement>(
    orders,
    ORDERS_SHOWN,
    'latest',
  );
  // A new order's form, at the end of the list, takes the focus from its button: the keyboard goes
  // on where it appeared.
  const [openedDraft, setOpenedDraft] = useState<number>();
  useEffect(() => {
    if (openedDraft === undefined) return;
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
    items?.[items.length - 1]?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [openedDraft, listRef]);
  // A saved new order takes its form's place at the end of the list; its title takes the focus
  // that its Save had, so that the keyboard goes on from the order just saved.
  const [savedDraft, setSavedDraft] = useState<number>();
  useEffect(() => {
    if (savedDraft === undefined) return;
    const title = deliveryOrderTitle({ id: savedDraft });
    listRef.current?.querySelector<HTMLElement>(`article[aria-label="${CSS.escape(title)}"] h3`)?.focus();
  }, [savedDraft, listRef]);
  const openDraft = () => {
    const draft = Math.max(0, ...drafts) + 1;
    setDrafts((current) => [...current, draft]);
    setOpenedDraft(draft);
  };

  return (
    <Panel
      title={WEB_TEXTS.deliveryOrders.deliveryOrdersTitle}
      actions={
        <Button
          disabled={missing !== undefined}
          aria-describedby={missing === undefined ? undefined : missingId}
          onClick={openDraft}
        >
          {WEB_TEXTS.deliveryOrders.newDeliveryOrder}
        </Button>
      }
    >
      {missing !== undefined && (
        <p id={missingId} className={styles.empty}>
          {brokerEmail !== undefined && fillText(missing, { email: brokerEmail })}
        </p>
      )}
      <SkipDeliveryOrder shipmentId={shipment.id} ignored={shipment.ignored_shipment} onChange={onIgnoredChange} />
      {orders.length === 0 && drafts.length === 0 ? (
        <p className={styles.empty}>{WEB_TEXTS.deliveryOrders.noDeliveryOrders}</p>
      ) : (
        <ul className={styles.orders} ref={listRef} tabIndex={-1}>
          {rest > 0 && (
            <li>
              <ListRestButton rest={rest} text={WEB_TEXTS.deliveryOrders.earlierDeliveryOrders} onClick={showRest} />
            </li>
          )}
          {part.map((order) => (
            <DeliveryOrderCard
              key={order.id}
              title={deliveryOrderTitle(order)}
              state={order.approved === 1 ? 'approved' : 'awaiting'}
              path={order.path}
              sentAt={order.sent_at}
            >
              <DeliveryOrderEditor
                shipment={shipment}
                settings={settings}
                lastFreeDays={lastFreeDays}
                order={order}
                onSaved={(saved) =>
                  onOrdersChange((current) => current.map((each) => (each.id === saved.id ? saved : each)))
                }
                onDeleted={() => onOrdersChange((current) => current.filter((each) => each.id !== order.id))}
              />
            </DeliveryOrderCard>
          ))}
          {drafts.map((draft) => (
            <DeliveryOrderCard key={`new-${draft}`} title={WEB_TEXTS.deliveryOrders.newDeliveryOrderTitle} state="new">
              <DeliveryOrderEditor
                shipment={shipment}
                settings={settings}
                lastFreeDays={lastFreeDays}
                onSaved={(saved) => {
                  dropDraft(draft);
                  onOrdersChange((current) => [...current, saved]);
                  setSavedDraft(saved.id);
                }}
                onDeleted={() => dropDraft(draft)}
              />
            </DeliveryOrderCard>
          ))}
        </ul>
      )}
    </Panel>
  );
}
