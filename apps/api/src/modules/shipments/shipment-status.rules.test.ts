import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUS_TRANSITIONS, hasAllRequiredDocuments } from '@clearport/contract/shipment-documents';
import { ISF_FILED_BY_CLIENT } from '@clearport/contract/shipment-detail';
import { SHIPMENT_STATUSES as S } from '@clearport/contract/statuses';
import {
  changeTypes,
  statusAfterSubmission,
  statusAfterUnset,
  type DocumentTypeState,
} from './shipment-status.rules.ts';

const required = (type: string, submitted: boolean): DocumentTypeState => ({ type, required: true, submitted });
const optional = (type: string, submitted: boolean): DocumentTypeState => ({ type, required: false, submitted });

describe('changeTypes', () => {
  const types = [
    required('Bill of Lading', true),
    required('Commercial Invoice', false),
    optional('Fumigation', false),
  ];

  it('flips only the named entries whose flag differs', () => {
    const change = changeTypes(types, ['Commercial Invoice', 'Bill of Lading'], true);
    expect(change.unknown).toEqual([]);
    expect(change.changed).toEqual([required('Commercial Invoice', false)]);
    expect(change.after).toEqual([required('Bill of Lading', true), required('Commercial Invoice', true), types[2]]);
  });

  it('lists names that are not on the shipment, matched exactly', () => {
    expect(changeTypes(types, ['bill of lading', 'Other'], true).unknown).toEqual(['bill of lading', 'Other']);
  });
});

describe('hasAllRequiredDocuments', () => {
  it('needs at least one required type and all of them submitted; optional ones do not count', () => {
    expect(hasAllRequiredDocuments([required('A', true), optional('B', false)])).toBe(true);
    expect(hasAllRequiredDocuments([required('A', true), required('B', false)])).toBe(false);
    expect(hasAllRequiredDocuments([optional('B', true)])).toBe(false);
    expect(hasAllRequiredDocuments([])).toBe(false);
  });
});

describe('statusAfterSubmission (set_type, isf_no)', () => {
  const complete = [required('A', true), required('B', true), optional('C', false)];
  const incomplete = [required('A', true), required('B', false)];
  const withIsf = (status: string) => ({ status, isfTransactionNo: ISF_FILED_BY_CLIENT });

  it('moves pending documents to PENDING RELEASE when the last required type is in and the ISF exists', () => {
    expect(statusAfterSubmission(withIsf(S.pendingDocuments), complete)).toBe(S.pendingRelease);
    expect(statusAfterSubmission({ status: S.pendingDocuments, isfTransactionNo: 'ISF-2026-000001' }, complete)).toBe(
      S.pendingRelease,
    );
  });

  it('stays without an ISF', () => {
    expect(statusAfterSubmission({ status: S.pendingDocuments, isfTransactionNo: null }, complete)).toBe(
      S.pendingDocuments,
    );
  });

  it('stays while a required type is missing, or when none is required', () => {
    expect(statusAfterSubmission(withIsf(S.pendingDocuments), incomplete)).toBe(S.pendingDocuments);
    expect(statusAfterSubmission(withIsf(S.pendingDocuments), [optional('C', true)])).toBe(S.pendingDocuments);
  });

  it('leaves every other status alone', () => {
    for (const status of Object.values(S).filter((each) => each !== S.pendingDocuments)) {
      expect(statusAfterSubmission(withIsf(status), complete), status).toBe(status);
    }
    // Stored values are compared exactly; the display text is not a status.
    expect(statusAfterSubmission(withIsf('PENDING DOCUMENTS'), complete)).toBe('PENDING DOCUMENTS');
  });
});

describe('statusAfterUnset (unset_type)', () => {
  it('moves PENDING RELEASE back to pending documents when a required type is unset', () => {
    expect(statusAfterUnset(S.pendingRelease, [required('A', true)])).toBe(S.pendingDocuments);
  });

  it('stays when only a type that is not required is unset, or nothing changed', () => {
    expect(statusAfterUnset(S.pendingRelease, [optional('C', true)])).toBe(S.pendingRelease);
    expect(statusAfterUnset(S.pendingRelease, [])).toBe(S.pendingRelease);
  });

  it('leaves every other status alone', () => {
    for (const status of Object.values(S).filter((each) => each !== S.pendingRelease)) {
      expect(statusAfterUnset(status, [required('A', true)]), status).toBe(status);
    }
  });

  it('is what the contract tells the web client', () => {
    expect(DOCUMENT_STATUS_TRANSITIONS.documentsReopened).toEqual({ from: S.pendingRelease, to: S.pendingDocuments });
    expect(DOCUMENT_STATUS_TRANSITIONS.documentsComplete).toEqual({ from: S.pendingDocuments, to: S.pendingRelease });
  });
});
