import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUS, isActive } from './constants.ts';
import { hasAllRequiredDocuments } from './shipment-documents.ts';
import { isIsfOnFile, ISF_FILED_BY_CLIENT, RELEASE_STEP_LOCKED_STATUSES } from './shipment-detail.ts';
import { isAnyStatus, isStatus, SHIPMENT_STATUSES as S } from './statuses.ts';

describe('isIsfOnFile', () => {
  it('is true for a number, the broker’s or the client’s own filing', () => {
    expect(isIsfOnFile({ isf_transaction_no: 'ISF-20931' })).toBe(true);
    expect(isIsfOnFile({ isf_transaction_no: ISF_FILED_BY_CLIENT })).toBe(true);
  });

  it('is false without a number, or with a blank one', () => {
    expect(isIsfOnFile({ isf_transaction_no: null })).toBe(false);
    expect(isIsfOnFile({ isf_transaction_no: '' })).toBe(false);
    expect(isIsfOnFile({ isf_transaction_no: ' \t ' })).toBe(false);
  });
});

describe('hasAllRequiredDocuments', () => {
  it('needs every required type submitted, whatever the optional ones', () => {
    expect(
      hasAllRequiredDocuments([
        { required: true, submitted: true },
        { required: false, submitted: false },
      ]),
    ).toBe(true);
    expect(
      hasAllRequiredDocuments([
        { required: true, submitted: true },
        { required: true, submitted: false },
      ]),
    ).toBe(false);
  });

  it('reads the reply’s 1 and 0 flags as it reads booleans', () => {
    expect(
      hasAllRequiredDocuments([
        { required: 1, submitted: 1 },
        { required: 0, submitted: 0 },
      ]),
    ).toBe(true);
    expect(hasAllRequiredDocuments([{ required: 1, submitted: 0 }])).toBe(false);
  });

  it('is false when no type is required, or none is listed', () => {
    expect(hasAllRequiredDocuments([{ required: 0, submitted: 1 }])).toBe(false);
    expect(hasAllRequiredDocuments([])).toBe(false);
  });
});

describe('isActive', () => {
  it('is an entry with the active status that is not deleted', () => {
    expect(isActive({ status: ACTIVE_STATUS, deleted_at: null })).toBe(true);
  });

  it('is false for an inactive or a deleted entry', () => {
    expect(isActive({ status: 0, deleted_at: null })).toBe(false);
    expect(isActive({ status: ACTIVE_STATUS, deleted_at: '2026-01-05T10:00:00.000Z' })).toBe(false);
  });
});

describe('isStatus', () => {
  it('compares the stored value exactly, case included', () => {
    expect(isStatus(S.pendingDocuments, S.pendingDocuments)).toBe(true);
    expect(isStatus('PENDING DOCUMENTS', S.pendingDocuments)).toBe(false);
    expect(isStatus('Released', S.released)).toBe(false);
    expect(isStatus('released ', S.released)).toBe(false);
  });

  it('finds a status in a list the same way', () => {
    expect(isAnyStatus(S.submitted, RELEASE_STEP_LOCKED_STATUSES)).toBe(true);
    expect(isAnyStatus('PENDING DOCUMENTS', RELEASE_STEP_LOCKED_STATUSES)).toBe(true);
    expect(isAnyStatus('AWAITING ARRIVAL', RELEASE_STEP_LOCKED_STATUSES)).toBe(true);
    expect(isAnyStatus('SUBMITTED', RELEASE_STEP_LOCKED_STATUSES)).toBe(true);
    expect(isAnyStatus('Pending Documents', RELEASE_STEP_LOCKED_STATUSES)).toBe(false);
    expect(isAnyStatus(S.pendingRelease, RELEASE_STEP_LOCKED_STATUSES)).toBe(false);
    expect(isAnyStatus(S.released, [])).toBe(false);
  });
});
