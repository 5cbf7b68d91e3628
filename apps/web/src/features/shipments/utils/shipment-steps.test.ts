import { describe, expect, it } from 'vitest';
import { isIsfOnFile } from '@clearport/contract/shipment-detail';
import { shipmentDetail } from '../../../testing/shipment-detail-data.ts';
import { isReleaseStepOpen, progressSteps } from './shipment-steps.ts';

const ALL_IN = [
  { type: 'Arrival Notice', required: 1, submitted: 1 },
  { type: 'Certificate of Origin', required: 0, submitted: 0 },
] as const;

describe('progressSteps', () => {
  it('locks steps 2 and 3 until an ISF number exists', () => {
    const shipment = shipmentDetail({ isf_transaction_no: null, status: 'PENDING RELEASE' });
    expect(isIsfOnFile(shipment)).toBe(false);
    expect(progressSteps(shipment)).toEqual({ isf: 'current', documents: 'locked', release: 'locked' });
    expect(isIsfOnFile({ isf_transaction_no: '  ' })).toBe(false);
  });

  it("counts the client's own filing (N\\A) as on file", () => {
    const shipment = shipmentDetail({ isf_transaction_no: 'N\\A' });
    expect(progressSteps(shipment)).toEqual({ isf: 'complete', documents: 'current', release: 'locked' });
  });

  it.each(['pending documents', 'PENDING DOCUMENTS', 'submitted', 'SUBMITTED'])(
    'keeps step 3 locked in %s',
    (status) => {
      expect(isReleaseStepOpen(shipmentDetail({ status }))).toBe(false);
    },
  );

  it('completes step 2 once every required type is in, even before the status moves', () => {
    const shipment = shipmentDetail({ status: 'submitted', types: [...ALL_IN] });
    expect(progressSteps(shipment)).toEqual({ isf: 'complete', documents: 'complete', release: 'locked' });
    expect(progressSteps(shipmentDetail({ status: 'submitted', types: [] })).documents).toBe('current');
  });

  it.each([
    ['PENDING RELEASE', 'current'],
    ['CBP VACIS EXAM', 'current'],
    ['released', 'complete'],
    ['admissible', 'complete'],
    ['accepted', 'complete'],
    ['liquidated', 'complete'],
  ] as const)('opens step 3 in %s', (status, release) => {
    expect(progressSteps(shipmentDetail({ status }))).toEqual({ isf: 'complete', documents: 'complete', release });
  });
});
