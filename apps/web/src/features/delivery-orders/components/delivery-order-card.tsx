import type { ReactNode } from 'react';
import type { DeliveryOrder } from '@clearport/contract/delivery-orders';
import { fillText } from '@clearport/contract/texts';
import { FileLink } from '../../../components/ui/file-link.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDate } from '../../../lib/format-date.ts';
import styles from './delivery-orders.module.css';

type DeliveryOrderCardProps = {
  title: string;
  state: 'approved' | 'awaiting' | 'new';
  /** The PDF last sent and when (ISO 8601), when there is one. */
  path?: string | null;
  sentAt?: string | null;
  children: ReactNode;
};

const STATE_TEXT = {
  approved: WEB_TEXTS.deliveryOrders.deliveryOrderApproved,
  awaiting: WEB_TEXTS.deliveryOrders.deliveryOrderAwaitingApproval,
  new: WEB_TEXTS.deliveryOrders.deliveryOrderNotSaved,
} as const;

/** One order of the shipment: its title, its state, the link to its PDF with the day it was sent, and its form. */
export function DeliveryOrderCard({ title, state, path, sentAt, children }: DeliveryOrderCardProps) {
  return (
    <li className={styles.order}>
      <article aria-label={title}>
        <div className={styles.orderHeader}>
          <h3 className={styles.orderTitle} tabIndex={-1}>
            {title}
          </h3>
          <span className={`${styles.state} ${styles[state]}`}>{STATE_TEXT[state]}</span>
        </div>
        {path && (
          <p className={styles.sent}>
            <FileLink fileKey={path} fileName={`${title}.pdf`}>
              {WEB_TEXTS.deliveryOrders.deliveryOrderPdf}
            </FileLink>
            {sentAt && (
              <span>{fillText(WEB_TEXTS.deliveryOrders.deliveryOrderSentOn, { date: formatDate(sentAt) })}</span>
            )}
          </p>
        )}
        {children}
      </article>
    </li>
  );
}

export function deliveryOrderTitle(order: Pick<DeliveryOrder, 'id'>): string {
  return fillText(WEB_TEXTS.deliveryOrders.deliveryOrderTitle, { id: String(order.id) });
}
