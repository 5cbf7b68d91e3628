import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { getShipmentsQueryOptions } from '../api/get-shipments.ts';
import { adjacentShipments, idsOf, type ShipmentLinkState, type ShipmentStep } from '../utils/link-state.ts';
import { stepQueryOf } from '../utils/shipments-query.ts';
import styles from './shipment-navigation.module.css';

type ShipmentNavigationProps = {
  shipmentId: number;
  /** What the list's Entry Number link handed over; null when the page was opened otherwise. */
  linkState: ShipmentLinkState | null;
};

/**
 * The detail header's Back button and, when the page was opened from a list, previous and next
 * shipment buttons. They step in the order the list shows, across its pages (the next page is
 * fetched at the end of one), wrap around at both ends and replace the address, so Back still
 * returns to the list (spec section 2); the list's ids and filters travel along.
 */
export function ShipmentNavigation({ shipmentId, linkState }: ShipmentNavigationProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isStepping, setIsStepping] = useState(false);
  const adjacent = linkState ? adjacentShipments(linkState, shipmentId) : null;
  const goTo = (id: number, state: ShipmentLinkState | null) =>
    navigate(paths.shipment.getHref(id), { replace: true, state });
  // Opened from a list, the list is the page before; otherwise there may be no page before.
  const goBack = () => (linkState ? navigate(-1) : navigate(paths.shipments.getHref()));

  const step = async (target: ShipmentStep) => {
    if ('id' in target) return goTo(target.id, linkState);
    const list = linkState?.list;
    if (!list) return;
    const query = stepQueryOf(list.query, target.page, list.cursors);
    setIsStepping(true);
    try {
      const reply = await queryClient.fetchQuery(getShipmentsQueryOptions(query));
      const ids = idsOf(reply.data);
      const id = target.end === 'first' ? ids[0] : ids.at(-1);
      if (id === undefined) return;
      await goTo(id, {
        ...linkState,
        ids,
        list: {
          query,
          total: reply.pagination.total,
          lastPage: reply.pagination.last_page,
          cursors: reply.pagination.cursors,
        },
      });
    } catch {
      toast.error(TEXTS.shipmentsLoadFailed, { toastId: TEXTS.shipmentsLoadFailed });
    } finally {
      setIsStepping(false);
    }
  };

  return (
    <div className={styles.navigation}>
      {adjacent && (
        <div className={styles.stepper} role="group" aria-label={WEB_TEXTS.layout.navShipments}>
          <Button
            variant="secondary"
            aria-label={WEB_TEXTS.shipment.previousShipment}
            title={WEB_TEXTS.shipment.previousShipment}
            isPending={isStepping}
            onClick={() => void step(adjacent.previous)}
          >
            <ChevronLeftIcon size={18} />
            <span className={styles.stepLabel}>{TEXTS.previousPage}</span>
          </Button>
          <span className={styles.position}>
            {fillText(WEB_TEXTS.shipment.shipmentPosition, {
              position: String(adjacent.position),
              count: String(adjacent.count),
            })}
          </span>
          <Button
            variant="secondary"
            aria-label={WEB_TEXTS.shipment.nextShipment}
            title={WEB_TEXTS.shipment.nextShipment}
            isPending={isStepping}
            onClick={() => void step(adjacent.next)}
          >
            <span className={styles.stepLabel}>{TEXTS.nextPage}</span>
            <ChevronRightIcon size={18} />
          </Button>
        </div>
      )}
      <Button variant="secondary" onClick={goBack}>
        <ArrowLeftIcon size={18} />
        {WEB_TEXTS.shipment.back}
      </Button>
    </div>
  );
}
