import { formatInstantText } from '@clearport/contract/shipments';
import { ISF_FILED_BY_CLIENT, isIsfOnFile, type FileIsfResponse } from '@clearport/contract/shipment-detail';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { documentTypesOf, shipmentDetailRepository } from './shipment-detail.repository.ts';
import { statusAfterSubmission } from './shipment-status.rules.ts';
import { refusalOf } from './shipments.rules.ts';

/**
 * isf_no: records the client's own filing (ISF_FILED_BY_CLIENT, now). Sent again it answers
 * what is stored; a number the broker filed is kept (isfOnFile).
 */
export async function fileIsf(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { shipmentId: number },
): Promise<FileIsfResponse | Refused> {
  const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
    if (shipment.isf_transaction_no === ISF_FILED_BY_CLIENT) {
      return {
        isf_transaction_no: shipment.isf_transaction_no,
        isf_submit_date: formatInstantText(shipment.isf_submit_date),
        status: shipment.status,
      };
    }
    if (isIsfOnFile(shipment)) return { refused: 'isfOnFile' } as const;
    const types = await documentTypesOf(trx, shipment.id);
    const status = statusAfterSubmission({ status: shipment.status, isfTransactionNo: ISF_FILED_BY_CLIENT }, types);
    const submittedAt = await shipmentDetailRepository.fileIsf(trx, shipment.id, status);
    record(SHIPMENT_ACTIVITY.isfFiled, {
      isf_transaction_no: ISF_FILED_BY_CLIENT,
      isf_submit_date: formatInstantText(submittedAt),
    });
    if (status !== shipment.status) {
      record(SHIPMENT_ACTIVITY.statusChanged, { from: shipment.status, to: status, after: SHIPMENT_ACTIVITY.isfFiled });
    }
    return { isf_transaction_no: ISF_FILED_BY_CLIENT, isf_submit_date: formatInstantText(submittedAt), status };
  });
  return isNamedRefusal(result) ? refused(refusalOf(result)) : result;
}
