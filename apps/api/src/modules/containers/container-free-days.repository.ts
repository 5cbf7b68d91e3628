import type { RateTier } from '@clearport/contract/free-days';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ContainerFreeDaysTable } from '../../db/schema.ts';

/** A container's free-days fields as the broker sets them; a field left out (undefined) stays. */
export type FreeDaysFields = {
  discharged_at?: Date | null;
  available_at?: Date | null;
  terminal_last_free_day?: string | null;
  customs_hold?: boolean;
  line_hold?: boolean;
  other_hold?: boolean;
  gated_out_at?: Date | null;
  delivered_at?: Date | null;
  empty_returned_at?: Date | null;
  detention_last_free_day?: string | null;
  demurrage_rates?: RateTier[] | null;
  detention_rates?: RateTier[] | null;
};
type FieldName = keyof FreeDaysFields;
export type FreeDaysRow = Selectable<ContainerFreeDaysTable>;

/** What a container holds before the broker sent anything. */
const NOTHING_YET: Required<FreeDaysFields> = {
  discharged_at: null,
  available_at: null,
  terminal_last_free_day: null,
  customs_hold: false,
  line_hold: false,
  other_hold: false,
  gated_out_at: null,
  delivered_at: null,
  empty_returned_at: null,
  detention_last_free_day: null,
  demurrage_rates: null,
  detention_rates: null,
};

/** A value as compared: instants by their time, rates by their tiers in order. */
function comparable(value: FreeDaysFields[FieldName]): unknown {
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) return JSON.stringify(value.map((tier) => [tier.from_day, tier.cents_per_day]));
  return value;
}

const LAST_FREE_DAYS = { terminal: 'terminal_last_free_day', detention: 'detention_last_free_day' } as const;

export const containerFreeDaysRepository = {
  /** The container's id, its row locked for this transaction; undefined when the portal has no such container. */
  async lockedContainerId(trx: Db, fileNumber: string, containerNo: string): Promise<number | undefined> {
    const row = await trx
      .selectFrom('containers')
      .innerJoin('shipments', 'shipments.id', 'containers.shipment_id')
      .select('containers.id')
      .where('shipments.file_number', '=', fileNumber)
      .where('containers.container_no', '=', containerNo)
      .forUpdate('containers')
      .executeTakeFirst();
    return row?.id;
  },

  /**
   * Writes the fields that differ from what the container holds, and a history row for each last
   * free day that changes; the same values again write nothing.
   */
  async set(trx: Db, containerId: number, fields: FreeDaysFields): Promise<'created' | 'updated' | 'unchanged'> {
    const current = await trx
      .selectFrom('container_free_days')
      .selectAll()
      .where('container_id', '=', containerId)
      .executeTakeFirst();
    const held: Required<FreeDaysFields> = current ?? NOTHING_YET;
    const changed = (Object.keys(fields) as FieldName[]).filter(
      (name) => fields[name] !== undefined && comparable(fields[name]) !== comparable(held[name]),
    );
    if (current && changed.length === 0) return 'unchanged';
    const values = Object.fromEntries(
      changed.map((name) => {
        const value = fields[name];
        return [name, Array.isArray(value) ? JSON.stringify(value) : value];
      }),
    );
    if (current) {
      await trx
        .updateTable('container_free_days')
        .set({ ...values, updated_at: new Date() })
        .where('container_id', '=', containerId)
        .execute();
    } else {
      await trx
        .insertInto('container_free_days')
        .values({ ...values, container_id: containerId })
        .execute();
    }
    const lfdChanges = (Object.keys(LAST_FREE_DAYS) as Array<keyof typeof LAST_FREE_DAYS>)
      .filter((which) => changed.includes(LAST_FREE_DAYS[which]))
      .map((which) => ({
        container_id: containerId,
        which,
        old_day: held[LAST_FREE_DAYS[which]],
        new_day: fields[LAST_FREE_DAYS[which]] ?? null,
      }));
    if (lfdChanges.length > 0) await trx.insertInto('container_lfd_changes').values(lfdChanges).execute();
    return current ? 'updated' : 'created';
  },

  /** Each container of the shipment with its free days (none yet: all null), in the order they were added. */
  listOfShipment(db: Db, shipmentId: number) {
    return db
      .selectFrom('containers')
      .leftJoin('container_free_days', 'container_free_days.container_id', 'containers.id')
      .select([
        'containers.id',
        'containers.container_no',
        'container_free_days.discharged_at',
        'container_free_days.available_at',
        'container_free_days.terminal_last_free_day',
        'container_free_days.customs_hold',
        'container_free_days.line_hold',
        'container_free_days.other_hold',
        'container_free_days.gated_out_at',
        'container_free_days.delivered_at',
        'container_free_days.empty_returned_at',
        'container_free_days.detention_last_free_day',
        'container_free_days.demurrage_rates',
        'container_free_days.detention_rates',
      ])
      .where('containers.shipment_id', '=', shipmentId)
      .orderBy('containers.id')
      .execute();
  },

  /** The last free day changes of the shipment's containers, oldest first. */
  historyOfShipment(db: Db, shipmentId: number) {
    return db
      .selectFrom('container_lfd_changes')
      .innerJoin('containers', 'containers.id', 'container_lfd_changes.container_id')
      .select([
        'container_lfd_changes.container_id',
        'container_lfd_changes.which',
        'container_lfd_changes.old_day',
        'container_lfd_changes.new_day',
        'container_lfd_changes.changed_at',
      ])
      .where('containers.shipment_id', '=', shipmentId)
      .orderBy('container_lfd_changes.id')
      .execute();
  },
};
