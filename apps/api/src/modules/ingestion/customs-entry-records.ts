import type { IngestionRecord } from '@clearport/contract/ingestion';
import { amountToCents } from '@clearport/contract/invoices';
import type { Db } from '../../db/connect.ts';
import { BROKER } from '../access/session-user.ts';
import { setAgencyDisposition } from '../customs-entries/set-agency-disposition.ts';
import { setCustomsEntry } from '../customs-entries/set-customs-entry.ts';
import { setEntryLine } from '../customs-entries/set-entry-line.ts';
import { parentMissing, RecordRefusal } from './record-refusal.ts';

/*
 * The customs entry's records (docs/decisions/0026-customs-entries.md), written through the
 * customs-entries module's actions inside the batch's transaction.
 */

type Upserted = 'created' | 'updated' | 'unchanged' | 'deleted';

/** Dollars and cents as sent (`1234.56`), as exact cents; undefined and null pass through. */
function centsOf<Value extends string | null | undefined>(money: Value): number | Exclude<Value, string> {
  return typeof money === 'string' ? amountToCents(money) : (money as Exclude<Value, string>);
}

/** A quantity as PostgreSQL's numeric(18,3) gives it back (`12.5` → `12.500`), so the same quantity is unchanged. */
function quantityOf(quantity: string | null | undefined): string | null | undefined {
  if (typeof quantity !== 'string') return quantity;
  const [whole, fraction = ''] = quantity.split('.') as [string, string?];
  return `${BigInt(whole)}.${fraction.padEnd(3, '0')}`;
}

/** Why a line's Section 301 duty is refused, as the line would stand after the record (decision 0051). */
const SECTION_301_DUTY_REFUSALS = {
  section301DutyUnflagged:
    'section_301_duty: only a line flagged section_301 carries a Section 301 duty; send section_301: true with ' +
    'it, or section_301_duty: null with section_301: false.',
  section301DutyAboveDuty:
    "section_301_duty: is more than the line's duty; it is the Section 301 part of duty, so at most duty.",
} as const;

const unknownEntry = (entryNumber: string) => parentMissing('unknown_entry', 'entry_number', `entry ${entryNumber}`);

export async function upsertEntry(trx: Db, record: Extract<IngestionRecord, { kind: 'entry' }>): Promise<Upserted> {
  const { kind: _kind, entry_number, file_number, mpf, hmf, other_fees, ...fields } = record;
  let shipmentId: number | undefined;
  if (file_number !== undefined) {
    const shipment = await trx
      .selectFrom('shipments')
      .select('id')
      .where('file_number', '=', file_number)
      .executeTakeFirst();
    if (!shipment) throw parentMissing('unknown_shipment', 'file_number', `shipment ${file_number}`);
    shipmentId = shipment.id;
  }
  const outcome = await setCustomsEntry({ db: trx }, BROKER, {
    entryNumber: entry_number,
    shipmentId,
    fields: { ...fields, mpf_cents: centsOf(mpf), hmf_cents: centsOf(hmf), other_fees_cents: centsOf(other_fees) },
  });
  if (outcome === 'unknownEntry')
    throw new RecordRefusal('needed_to_create', 'file_number', 'A new entry needs file_number.');
  return outcome;
}

export async function upsertEntryLine(
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'entry_line' }>,
): Promise<Upserted> {
  const {
    kind: _kind,
    entry_number,
    line_number,
    entered_value,
    duty,
    section_301_duty,
    quantity,
    deleted,
    ...fields
  } = record;
  const outcome = await setEntryLine({ db: trx }, BROKER, {
    entryNumber: entry_number,
    lineNumber: line_number,
    fields: deleted
      ? 'deleted'
      : {
          ...fields,
          quantity: quantityOf(quantity),
          entered_value_cents: centsOf(entered_value),
          duty_cents: centsOf(duty),
          section_301_duty_cents: centsOf(section_301_duty),
        },
  });
  if (outcome === 'unknownEntry') throw unknownEntry(entry_number);
  if (outcome === 'needsHtsNumber') {
    throw new RecordRefusal('needed_to_create', 'hts_number', 'A new entry line needs hts_number.');
  }
  if (outcome === 'section301DutyUnflagged' || outcome === 'section301DutyAboveDuty') {
    throw new RecordRefusal('invalid_field', 'section_301_duty', SECTION_301_DUTY_REFUSALS[outcome]);
  }
  return outcome;
}

export async function upsertAgencyDisposition(
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'agency_disposition' }>,
): Promise<Upserted> {
  const outcome = await setAgencyDisposition({ db: trx }, BROKER, {
    entryNumber: record.entry_number,
    agency: record.agency,
    disposition: record.disposition,
    disposedAt: new Date(record.disposed_at),
    note: record.note,
  });
  if (outcome === 'unknownEntry') throw unknownEntry(record.entry_number);
  return outcome;
}
