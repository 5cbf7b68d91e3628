import { isIsfOnFile, type ShipmentDetail } from '@clearport/contract/shipment-detail';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { usePendingChange } from '../../../hooks/use-pending-change.ts';
import { useFileIsf } from '../api/file-isf.ts';
import { formatInstant } from '../../../lib/format-date.ts';
import styles from './shipment-steps.module.css';

type IsfStepProps = {
  shipment: Pick<ShipmentDetail, 'id' | 'isf_transaction_no' | 'isf_submit_date'>;
  isReadOnly: boolean;
};

/**
 * Step 1: the ISF number and date once on file; before that, ISF was submitted records that the
 * client filed it, and the number becomes N\A (spec section 4).
 */
export function IsfStep({ shipment, isReadOnly }: IsfStepProps) {
  const fileIsfMutation = useFileIsf(shipment.id);
  const hasIsf = isIsfOnFile(shipment);
  const change = usePendingChange<true>(shipment.isf_transaction_no);

  if (hasIsf) {
    return (
      <DetailList
        items={[
          { label: WEB_TEXTS.shipment.isfNumberLabel, value: shipment.isf_transaction_no },
          { label: WEB_TEXTS.shipment.isfDateLabel, value: formatInstant(shipment.isf_submit_date) },
        ]}
      />
    );
  }
  if (isReadOnly) return <p className={styles.muted}>{WEB_TEXTS.shipment.isfNotFiled}</p>;
  return (
    <Checkbox
      label={WEB_TEXTS.shipment.isfSubmitted}
      description={WEB_TEXTS.shipment.isfSubmittedHint}
      checked={change.isPending}
      disabled={change.isPending}
      onChange={(event) => {
        // The filing cannot be undone: ask first.
        if (!event.target.checked || !window.confirm(WEB_TEXTS.shipment.confirmIsfSubmitted)) return;
        change.begin(true);
        fileIsfMutation.mutate(undefined, { onError: change.cancel });
      }}
    />
  );
}
