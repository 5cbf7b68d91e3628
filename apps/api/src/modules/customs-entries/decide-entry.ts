import type { EntryApproval } from '@clearport/contract/customs-entry';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { customsEntriesRepository } from './customs-entries.repository.ts';
import { approvalState, decisionRefusalOf, type DecisionRefusal } from './customs-entries.rules.ts';

/**
 * The company approves the 7501 of its shipment's current entry, or queries it with a comment,
 * as its duty-threshold rule asks. The decision names the 7501 the user reviewed: one the broker
 * has replaced since is refused. Approving the 7501 reviews it. The decision goes into the
 * shipment's history, and so into the broker's feed.
 */
export async function decideEntry(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { shipmentId: number; decision: 'approved' | 'queried'; pathTo7501: string; comment?: string },
): Promise<EntryApproval | Refused> {
  const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
    const entry = await customsEntriesRepository.currentEntry(trx, shipment.id);
    if (!entry) return { refused: 'noEntry' } satisfies DecisionRefusal;
    const facts = await customsEntriesRepository.approvalOf(trx, entry.id, shipment.id);
    if (facts.path_to_7501 !== input.pathTo7501) return { refused: 'replaced' } satisfies DecisionRefusal;
    const { state } = approvalState(facts, entry.duty_cents);
    if (state !== 'awaiting' && state !== 'queried') return { refused: 'notAwaiting' } satisfies DecisionRefusal;
    const comment = input.comment ?? '';
    const { decided_at } = await customsEntriesRepository.recordDecision(trx, {
      entryId: entry.id,
      pathTo7501: input.pathTo7501,
      decision: input.decision,
      comment,
      userId: actor.id,
    });
    const detail = { entry_number: entry.entry_number, path_to_7501: input.pathTo7501, duty_cents: entry.duty_cents };
    if (input.decision === 'queried') record(SHIPMENT_ACTIVITY.entryQueried, { ...detail, comment });
    else {
      record(SHIPMENT_ACTIVITY.entryApproved, detail);
      if (!facts.reviewed_7501) {
        await customsEntriesRepository.markReviewed(trx, shipment.id);
        record(SHIPMENT_ACTIVITY.reviewedChanged, { from: false, to: true });
      }
    }
    return {
      state: input.decision,
      path_to_7501: input.pathTo7501,
      decided_by: actor.name,
      decided_at: decided_at.toISOString(),
      comment,
    } satisfies EntryApproval;
  });
  return isNamedRefusal(result) ? refused(decisionRefusalOf(result as DecisionRefusal)) : result;
}
