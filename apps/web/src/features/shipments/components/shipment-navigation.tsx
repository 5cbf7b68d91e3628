import { useNavigate } from 'react-router';
import { fillText } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { adjacentShipments, type ShipmentLinkState } from '../utils/link-state.ts';
import styles from './shipment-navigation.module.css';

type ShipmentNavigationProps = {
  shipmentId: number;
  /** What the list's Entry Number link handed over; null when the page was opened otherwise. */
  linkState: ShipmentLinkState | null;
};

/**
 * The detail header's Back button and, when the page was opened from a list, previous and next
 * shipment buttons. They wrap around at both ends and replace the address, so Back still
 * returns to the list (spec section 2); the list's ids and filters travel along.
 */
export function ShipmentNavigation({ shipmentId, linkState }: ShipmentNavigationProps) {
  const navigate = useNavigate();
  const adjacent = linkState ? adjacentShipments(linkState.ids, shipmentId) : null;
  const goTo = (id: number) => navigate(paths.shipment.getHref(id), { replace: true, state: linkState });
  // Opened from a list, the list is the page before; otherwise there may be no page before.
  const goBack = () => (linkState ? navigate(-1) : navigate(paths.shipments.getHref()));

  return (
    <div className={styles.navigation}>
      {adjacent && (
        <div className={styles.stepper} role="group" aria-label={WEB_TEXTS.layout.navShipments}>
          <Button
            variant="secondary"
            aria-label={WEB_TEXTS.shipment.previousShipment}
            title={WEB_TEXTS.shipment.previousShipment}
            onClick={() => goTo(adjacent.previousId)}
          >
            <ChevronLeftIcon size={18} />
            {WEB_TEXTS.shipments.previousPage}
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
            onClick={() => goTo(adjacent.nextId)}
          >
            {WEB_TEXTS.shipments.nextPage}
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
