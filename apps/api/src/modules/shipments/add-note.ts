import { SHIPMENT_NOTES_MAX } from '@clearport/contract/constants';
import type { ShipmentNote } from '@clearport/contract/shipment-detail';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { changeShipment, countUnderShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { requestKeysRepository } from '../activity/request-keys.repository.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { shipmentDetailRepository } from './shipment-detail.repository.ts';
import { refusalOf } from './shipments.rules.ts';

/**
 * add_comment: a note under the shipment, signed with the actor's name and role, while the shipment
 * holds fewer than SHIPMENT_NOTES_MAX. Sent again under its `requestKey` (decision 0048), it answers
 * the note the first made.
 */
export async function addNote(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { shipmentId: number; comments: string; requestKey?: string | undefined },
): Promise<ShipmentNote | Refused> {
  const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
    const keyed = input.requestKey && {
      shipmentId: shipment.id,
      userId: actor.id,
      kind: 'note' as const,
      key: input.requestKey,
      request: { comments: input.comments },
    };
    const before = keyed && (await requestKeysRepository.madeBefore(trx, keyed));
    if (before === 'reused') return { refused: 'requestKeyReused' } as const;
    const made = before && (await shipmentDetailRepository.note(trx, shipment.id, before));
    if (made) return made;
    if ((await countUnderShipment(trx, 'shipment_notes', shipment.id)) >= SHIPMENT_NOTES_MAX)
      return { refused: 'notesFull' } as const;
    const note = await shipmentDetailRepository.insertNote(trx, actor, shipment.id, input.comments);
    if (keyed) await requestKeysRepository.keep(trx, keyed, note.id);
    // The broker's feed tells the note itself: its text and who wrote it (the user's e-mail is the event's).
    record(SHIPMENT_ACTIVITY.noteAdded, { note_id: note.id, text: note.comments, author: note.name, role: note.role });
    return note;
  });
  return isNamedRefusal(result) ? refused(refusalOf(result)) : result;
}
