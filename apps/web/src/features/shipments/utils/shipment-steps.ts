import { hasAllRequiredDocuments } from '@clearport/contract/shipment-documents';
import { isIsfOnFile, RELEASE_STEP_LOCKED_STATUSES, type ShipmentDetail } from '@clearport/contract/shipment-detail';
import { isAnyStatus, SHIPMENT_STATUSES } from '@clearport/contract/statuses';

/** A step of the detail page's progress: done, the one to work on, or not open yet. */
export type StepState = 'complete' | 'current' | 'locked';

export type ProgressSteps = { isf: StepState; documents: StepState; release: StepState };

type StepFacts = Pick<ShipmentDetail, 'isf_transaction_no' | 'status' | 'types'>;

/**
 * Step 3 opens once the ISF is on file and the status is past the documents: not PENDING
 * DOCUMENTS, AWAITING ARRIVAL or SUBMITTED (spec section 4).
 */
export function isReleaseStepOpen(shipment: Pick<ShipmentDetail, 'isf_transaction_no' | 'status'>): boolean {
  return isIsfOnFile(shipment) && !isAnyStatus(shipment.status, RELEASE_STEP_LOCKED_STATUSES);
}

/**
 * Released, and the statuses that come after release (admissible, accepted, liquidated: the
 * list's Other): the shipment has passed step 3.
 */
const PAST_RELEASE_STATUSES: readonly string[] = [
  SHIPMENT_STATUSES.released,
  SHIPMENT_STATUSES.admissible,
  SHIPMENT_STATUSES.accepted,
  SHIPMENT_STATUSES.liquidated,
];

export function isPastRelease(shipment: Pick<ShipmentDetail, 'status'>): boolean {
  return isAnyStatus(shipment.status, PAST_RELEASE_STATUSES);
}

/**
 * The three steps (spec section 4): 1 is done once the ISF is on file; 2 is locked until then,
 * and done when the documents are in or the shipment has moved on; 3 is locked until it opens,
 * and done when the shipment is released or past release.
 */
export function progressSteps(shipment: StepFacts): ProgressSteps {
  const hasIsf = isIsfOnFile(shipment);
  const isReleaseOpen = isReleaseStepOpen(shipment);
  return {
    isf: hasIsf ? 'complete' : 'current',
    documents: !hasIsf ? 'locked' : isReleaseOpen || hasAllRequiredDocuments(shipment.types) ? 'complete' : 'current',
    release: !isReleaseOpen ? 'locked' : isPastRelease(shipment) ? 'complete' : 'current',
  };
}
