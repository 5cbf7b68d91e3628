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
