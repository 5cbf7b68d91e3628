import { WEBHOOK_ERRORS } from '@clearport/contract/webhooks';
import { inTransaction, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { ingestionReads } from '../ingestion/ingestion.reads.ts';
import { compareCursors } from './webhooks.rules.ts';
import { webhooksRepository } from './webhooks.repository.ts';

export type ReplayOutcome = { outcome: 'queued' | 'nothing_to_replay'; until: string | null };

/**
 * The brokerage has an endpoint's events after `after` sent again (absent: from the feed's first).
 * The endpoint's place moves back to `after`; the worker queues the events from there up to the
 * place it had (`replay_until`) again, as replays, each with a webhook id of its own, and the
 * events after it as ever. Nothing is written here but the place, whatever the number of events.
 */
export function replayWebhook(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { id: number; after?: string },
): Promise<ReplayOutcome | Refused> {
  const after = input.after ?? null;
  return inTransaction(deps.db, async (trx) => {
    const place = await webhooksRepository.lockPlace(trx, input.id);
    if (!place) return refused({ status: 404, message: WEBHOOK_ERRORS.webhookNotFound });
    if (after !== null && !(await ingestionReads.isHandedOut(trx, after))) {
      return refused({ status: 400, message: WEBHOOK_ERRORS.unknownCursor, field: 'after' });
    }
    // A replay under way already goes up to its own place, which is the further of the two.
    const until = compareCursors(place.replay_until, place.cursor) > 0 ? place.replay_until : place.cursor;
    if (compareCursors(after, until) >= 0) return { outcome: 'nothing_to_replay', until: null } as const;
    const cursor = compareCursors(after, place.cursor) < 0 ? after : place.cursor;
    await webhooksRepository.setPlace(trx, input.id, { cursor, replay_until: until });
    return { outcome: 'queued', until } as const;
  });
}
