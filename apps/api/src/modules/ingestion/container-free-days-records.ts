import type { IngestionRecord } from '@clearport/contract/ingestion';
import type { Db } from '../../db/connect.ts';
import { BROKER } from '../access/session-user.ts';
import { setContainerFreeDays } from '../containers/set-container-free-days.ts';
import { parentMissing } from './record-refusal.ts';

/** An instant as sent, as a Date; undefined and null pass through. */
function instantOf(text: string | null | undefined): Date | null | undefined {
  return typeof text === 'string' ? new Date(text) : text;
}

/** A container's free days (docs/decisions/0029-demurrage.md), written through the containers module's action. */
export async function upsertContainerFreeDays(
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'container_free_days' }>,
): Promise<'created' | 'updated' | 'unchanged'> {
  const { kind: _kind, file_number, container_no, ...fields } = record;
  const outcome = await setContainerFreeDays({ db: trx }, BROKER, {
    fileNumber: file_number,
    containerNo: container_no,
    fields: {
      ...fields,
      discharged_at: instantOf(fields.discharged_at),
      available_at: instantOf(fields.available_at),
      gated_out_at: instantOf(fields.gated_out_at),
      delivered_at: instantOf(fields.delivered_at),
      empty_returned_at: instantOf(fields.empty_returned_at),
    },
  });
  if (outcome === 'unknownContainer') {
    throw parentMissing('unknown_container', 'container_no', `container ${container_no} on shipment ${file_number}`);
  }
  return outcome;
}
