import { RELEASE_STEP_LOCKED_STATUSES, type ShipmentDetail } from '@clearport/contract/shipments';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';

/** A step of the detail page's progress: done, the one to work on, or not open yet. */
export type StepState = 'complete' | 'current' | 'locked';

export type ProgressSteps = { isf: StepState; documents: StepState; release: StepState };

type StepFacts = Pick<ShipmentDetail, 'isf_transaction_no' | 'status' | 'types'>;

/** Step 1: an ISF transaction number exists (N\A when the client filed it). */
export function isIsfOnFile(shipment: Pick<ShipmentDetail, 'isf_transaction_no'>): boolean {
  return (shipment.isf_transaction_no ?? '').trim() !== '';
}

/**
 * Step 3 opens once the ISF is on file and the status is past the documents: not PENDING
 * DOCUMENTS, AWAITING ARRIVAL or SUBMITTED (spec section 4), whatever their case.
 */
export function isReleaseStepOpen(shipment: Pick<ShipmentDetail, 'isf_transaction_no' | 'status'>): boolean {
  const status = shipment.status.toLowerCase();
  return isIsfOnFile(shipment) && !RELEASE_STEP_LOCKED_STATUSES.some((locked) => locked.toLowerCase() === status);
}

/** Every required document type is submitted (and there is at least one). */
export function areRequiredDocumentsIn(shipment: Pick<ShipmentDetail, 'types'>): boolean {
  const required = shipment.types.filter((entry) => entry.required === 1);
  return required.length > 0 && required.every((entry) => entry.submitted === 1);
}

/**
 * The three steps (spec section 4): 1 is done once the ISF is on file; 2 is locked until then,
 * and done when the documents are in or the shipment has moved on; 3 is locked until it opens,
 * and done when the shipment is released.
 */
export function progressSteps(shipment: StepFacts): ProgressSteps {
  const hasIsf = isIsfOnFile(shipment);
  const isReleaseOpen = isReleaseStepOpen(shipment);
  return {
    isf: hasIsf ? 'complete' : 'current',
    documents: !hasIsf ? 'locked' : isReleaseOpen || areRequiredDocumentsIn(shipment) ? 'complete' : 'current',
    release: !isReleaseOpen
      ? 'locked'
      : shipment.status.toLowerCase() === SHIPMENT_STATUSES.released
        ? 'complete'
        : 'current',
  };
}
