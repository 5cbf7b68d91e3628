import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ENTRY_APPROVAL_TEXTS, formatCents, type CustomsEntry } from '@clearport/contract/customs-entry';
import { REVIEW_7501_PARAM, REVIEW_7501_VALUE } from '@clearport/contract/event-mail';
import { Button } from '../../../components/ui/button.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatInstant } from '../../../lib/format-date.ts';
import { useDecideEntry } from '../api/decide-entry.ts';
import styles from './customs-entry-panel.module.css';

const T = WEB_TEXTS.customsEntry;

type EntryApprovalProps = { shipmentId: number; entry: CustomsEntry; canDecide: boolean };

/**
 * The company's decision on the entry's 7501 when its duty rule holds it: Awaiting your approval
 * with the duty, Approve, or Query with a comment; or the decision made. Opened from the 7501
 * mail's link (`?review=7501`), the page brings the awaiting approval into view and focus.
 */
export function EntryApproval({ shipmentId, entry, canDecide }: EntryApprovalProps) {
  const { approval } = entry;
  const [isQuerying, setQuerying] = useState(false);
  const [comment, setComment] = useState('');
  const commentId = useId();
  const decide = useDecideEntry(shipmentId, approval.path_to_7501 ?? '');
  const [searchParams] = useSearchParams();
  const isReviewLink = searchParams.get(REVIEW_7501_PARAM) === REVIEW_7501_VALUE;
  const groupRef = useRef<HTMLDivElement>(null);
  const isAwaiting = approval.state === 'awaiting';
  useEffect(() => {
    if (!isReviewLink || !isAwaiting) return;
    // Focus scrolls it into view.
    groupRef.current?.focus();
  }, [isReviewLink, isAwaiting]);
  if (approval.state === 'not_needed') return null;
  if (approval.state !== 'awaiting') {
    const said = approval.state === 'approved' ? T.approvedBy : T.queriedBy;
    return (
      <p className={styles.muted}>
        {said.replace('{name}', approval.decided_by ?? '').replace('{when}', formatInstant(approval.decided_at ?? ''))}
        {approval.comment && `: ${approval.comment}`}
      </p>
    );
  }
  return (
    <div
      ref={groupRef}
      tabIndex={-1}
      className={styles.approval}
      role="group"
      aria-label={ENTRY_APPROVAL_TEXTS.awaiting}
    >
      <strong>{ENTRY_APPROVAL_TEXTS.awaiting}</strong>
      {entry.totals && (
        <span>
          {T.duty}: {formatCents(entry.totals.duty_cents)}
        </span>
      )}
      {canDecide && !isQuerying && (
        <div className={styles.actions}>
          <Button onClick={() => decide.mutate({ decision: 'approve' })} isPending={decide.isPending}>
            {T.approve}
          </Button>
          <Button variant="secondary" onClick={() => setQuerying(true)} isPending={decide.isPending}>
            {T.query}
          </Button>
        </div>
      )}
      {canDecide && isQuerying && (
        <form
          className={styles.query}
          onSubmit={(event) => {
            event.preventDefault();
            if (comment.trim() !== '') decide.mutate({ decision: 'query', comment });
          }}
        >
          <label htmlFor={commentId}>{T.queryComment}</label>
          <textarea
            id={commentId}
            value={comment}
            maxLength={2000}
            rows={3}
            onChange={(event) => setComment(event.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={comment.trim() === ''} isPending={decide.isPending}>
              {T.sendQuery}
            </Button>
            <Button variant="secondary" type="button" onClick={() => setQuerying(false)}>
              {WEB_TEXTS.common.cancel}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
