import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import type { Flag } from '@clearport/contract/http';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { usePendingChange } from '../../../hooks/use-pending-change.ts';
import { failureText } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useToggleReviewed } from '../api/toggle-reviewed.ts';
import styles from './review-7501.module.css';

type Review7501Props = {
  shipmentId: number;
  /** The 7501's storage key; null until the broker has made one. */
  pathTo7501: string | null;
  reviewed: Flag;
};

/** The 7501 reviewed switch; it shows what the server answers (spec section 4), and says so. */
export function Review7501({ shipmentId, pathTo7501, reviewed }: Review7501Props) {
  const toggleMutation = useToggleReviewed(shipmentId);
  const change = usePendingChange<boolean>(reviewed);
  return (
    <Panel title={WEB_TEXTS.shipment.review7501Title}>
      {pathTo7501 === null ? (
        <p className={styles.empty}>{SHIPMENT_DETAIL_ERRORS.no7501}</p>
      ) : (
        <Checkbox
          isSwitch
          label={WEB_TEXTS.shipment.review7501}
          checked={change.value ?? reviewed === 1}
          aria-disabled={change.isPending || undefined}
          onChange={(event) => {
            if (change.isPending) return;
            change.begin(event.target.checked);
            toggleMutation.mutate(undefined, {
              onSuccess: (reply) => {
                toast.success(reply.reviewed ? WEB_TEXTS.shipment.reviewed7501 : WEB_TEXTS.shipment.notReviewed7501);
                if (reply.reviewed === (reviewed === 1)) change.cancel();
              },
              onError: (error) => {
                toast.error(failureText(error));
                change.cancel();
              },
            });
          }}
        />
      )}
    </Panel>
  );
}
