import type { RecordRefusalCode } from '@clearport/contract/ingestion';

/** A record that names something the portal does not hold; nothing of it is written. */
export class RecordRefusal extends Error {
  constructor(
    readonly code: RecordRefusalCode,
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * A record names a parent the portal does not hold: its account, company, shipment, entry or container. The
 * parent may be on its way, in a batch another client is still sending; it exists once that batch
 * is answered, so the reason asks for the parent first (the `unknown_*` codes mean just that).
 */
export function parentMissing(
  code: Extract<
    RecordRefusalCode,
    'unknown_company' | 'unknown_account' | 'unknown_shipment' | 'unknown_entry' | 'unknown_container'
  >,
  field: string,
  parent: string,
): RecordRefusal {
  const kind = code.slice('unknown_'.length);
  return new RecordRefusal(
    code,
    field,
    `There is no ${parent}; send the ${kind} record first, earlier in this batch or in a batch already answered.`,
  );
}
