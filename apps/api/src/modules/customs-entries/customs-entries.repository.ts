import { sql } from 'kysely';
import type { EntryApprovalRule } from '@clearport/contract/customs-entry';
import { amountToCents, centsToAmount } from '@clearport/contract/invoices';
import type { Db } from '../../db/connect.ts';
import type { Selectable, Updateable } from 'kysely';
import type { CustomsEntriesTable, CustomsEntryLinesTable } from '../../db/schema.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';

type Outcome = 'created' | 'updated' | 'unchanged';

/** The entry's own fields a record may carry; its lines' sums are kept by `recomputeTotals`. */
export type EntryFields = Omit<
  Updateable<CustomsEntriesTable>,
  'id' | 'shipment_id' | 'entry_number' | 'entered_value_cents' | 'duty_cents' | 'created_at' | 'updated_at'
>;

export type LineFields = Omit<Updateable<CustomsEntryLinesTable>, 'entry_id' | 'line_number'>;

/** The fields of `wanted` whose value differs from `current`; a field left out (undefined) stays. */
function changedFields<T extends Record<string, unknown>>(current: T, wanted: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const [name, value] of Object.entries(wanted) as [keyof T, T[keyof T]][]) {
    if (value !== undefined && current[name] !== value) changes[name] = value;
  }
  return changes;
}

export const customsEntriesRepository = {
  /** The company's approval rule, its threshold in dollars and cents. */
  async ruleOf(db: Db, companyId: number): Promise<EntryApprovalRule> {
    const row = await db
      .selectFrom('companies')
      .select(['entry_approval', 'entry_approval_threshold_cents'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    const cents = row.entry_approval_threshold_cents;
    return { mode: row.entry_approval, threshold: cents === null ? null : centsToAmount(cents) };
  },

  async setRule(db: Db, companyId: number, rule: EntryApprovalRule): Promise<EntryApprovalRule> {
    await db
      .updateTable('companies')
      .set({
        entry_approval: rule.mode,
        entry_approval_threshold_cents: rule.threshold === null ? null : amountToCents(rule.threshold),
      })
      .where('id', '=', companyId)
      .execute();
    return customsEntriesRepository.ruleOf(db, companyId);
  },

  /**
   * The shipment's entries, current first (latest entry date, then latest made), if the caller
   * may see the shipment; with what the company's rule says of its 7501, the current one's
   * dispositions, its lines' count and Section 301 sums (`lineSumsOf`) and a page of its lines.
   * Undefined when there is no entry to show: the shipment has none, or the caller may not see it
   * (`accessRepository.findShipmentId` tells which). Two round trips: the entries with the rule,
   * then the rest side by side.
   */
  async currentOf(db: Db, user: SessionUser, shipmentId: number, afterLine: number, limit: number) {
    const entries = await accessRepository
      .shipments(db, user)
      .innerJoin('customs_entries', 'customs_entries.shipment_id', 'shipments.id')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .selectAll('customs_entries')
      .select([
        'shipments.path_to_7501',
        'shipments.reviewed_7501',
        'companies.entry_approval',
        'companies.entry_approval_threshold_cents',
      ])
      .where('shipments.id', '=', shipmentId)
      .orderBy(sql`customs_entries.entry_date DESC NULLS LAST`)
      .orderBy('customs_entries.id', 'desc')
      .execute();
    const current = entries[0];
    if (!current) return undefined;
    const { path_to_7501, reviewed_7501, entry_approval, entry_approval_threshold_cents } = current;
    const [lineSums, dispositions, lines, decision] = await Promise.all([
      customsEntriesRepository.lineSumsOf(db, current.id),
      db
        .selectFrom('customs_entry_dispositions')
        .select(['agency', 'disposition', 'disposed_at', 'note'])
        .where('entry_id', '=', current.id)
        .orderBy('agency')
        .execute(),
      customsEntriesRepository.linesQuery(db, current.id, afterLine, limit + 1).execute(),
      path_to_7501 ? customsEntriesRepository.decisionOn(db, current.id, path_to_7501) : undefined,
    ]);
    return {
      current,
      earlier: entries.slice(1),
      dispositions,
      lines,
      lineSums,
      approval: { path_to_7501, reviewed_7501, entry_approval, entry_approval_threshold_cents, decision },
    };
  },

  /**
   * The entry's number of lines, and of its lines flagged Section 301: the sum of the Section 301
   * duty the broker sent of them, and how many came without it (docs/decisions/0051).
   */
  async lineSumsOf(db: Db, entryId: number) {
    const sums = await db
      .selectFrom('customs_entry_lines')
      .select([
        sql<string>`count(*)`.as('lines'),
        sql<string>`count(*) FILTER (WHERE section_301)`.as('section_301_lines'),
        sql<string>`count(*) FILTER (WHERE section_301 AND section_301_duty_cents IS NULL)`.as(
          'section_301_lines_without_duty',
        ),
        sql<string>`coalesce(sum(section_301_duty_cents), 0)`.as('section_301_duty_cents'),
      ])
      .where('entry_id', '=', entryId)
      .executeTakeFirstOrThrow();
    return {
      lines: Number(sums.lines),
      section301Lines: Number(sums.section_301_lines),
      section301LinesWithoutDuty: Number(sums.section_301_lines_without_duty),
      section301DutyCents: Number(sums.section_301_duty_cents),
    };
  },

  /** A page of the entry's lines: at most `limit` after line `afterLine`. */
  linesQuery(db: Db, entryId: number, afterLine: number, limit: number) {
    return db
      .selectFrom('customs_entry_lines')
      .selectAll()
      .where('entry_id', '=', entryId)
      .where('line_number', '>', afterLine)
      .orderBy('line_number')
      .limit(limit);
  },

  /**
   * What the company's rule and decisions say of the entry's 7501: the rule, the shipment's 7501,
   * and the latest decision made on that 7501 (with who made it).
   */
  async approvalOf(db: Db, entryId: number, shipmentId: number) {
    const rule = await db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .select([
        'shipments.path_to_7501',
        'shipments.reviewed_7501',
        'companies.entry_approval',
        'companies.entry_approval_threshold_cents',
      ])
      .where('shipments.id', '=', shipmentId)
      .executeTakeFirstOrThrow();
    const decision = rule.path_to_7501
      ? await customsEntriesRepository.decisionOn(db, entryId, rule.path_to_7501)
      : undefined;
    return { ...rule, decision };
  },

  /** The latest decision made on the entry's 7501 at `pathTo7501`, with who made it. */
  decisionOn(db: Db, entryId: number, pathTo7501: string) {
    return db
      .selectFrom('entry_approvals')
      .leftJoin('users', 'users.id', 'entry_approvals.user_id')
      .select(['entry_approvals.decision', 'entry_approvals.comment', 'entry_approvals.decided_at', 'users.name'])
      .where('entry_approvals.entry_id', '=', entryId)
      .where('entry_approvals.path_to_7501', '=', pathTo7501)
      .orderBy('entry_approvals.id', 'desc')
      .executeTakeFirst();
  },

  /** Approving a 7501 reviews it (the shipment's "7501 reviewed"). */
  async markReviewed(trx: Db, shipmentId: number): Promise<void> {
    await trx
      .updateTable('shipments')
      .set({ reviewed_7501: true, updated_at: new Date() })
      .where('id', '=', shipmentId)
      .execute();
  },

  async recordDecision(
    trx: Db,
    input: { entryId: number; pathTo7501: string; decision: 'approved' | 'queried'; comment: string; userId: number },
  ) {
    return trx
      .insertInto('entry_approvals')
      .values({
        entry_id: input.entryId,
        path_to_7501: input.pathTo7501,
        decision: input.decision,
        comment: input.comment,
        user_id: input.userId,
      })
      .returning(['decided_at'])
      .executeTakeFirstOrThrow();
  },

  /** The shipment's current entry: its id, number and duty, locked by the caller's shipment lock. */
  currentEntry(trx: Db, shipmentId: number) {
    return trx
      .selectFrom('customs_entries')
      .select(['id', 'entry_number', 'duty_cents'])
      .where('shipment_id', '=', shipmentId)
      .orderBy(sql`entry_date DESC NULLS LAST`)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** The entry's id, locked for the caller's change, or undefined. */
  async lockedId(trx: Db, entryNumber: string): Promise<number | undefined> {
    const row = await trx
      .selectFrom('customs_entries')
      .select('id')
      .where('entry_number', '=', entryNumber)
      .forUpdate()
      .executeTakeFirst();
    return row?.id;
  },

  /** Creates the entry under the shipment, or changes the fields it carries. */
  async upsert(
    trx: Db,
    entryNumber: string,
    shipmentId: number | undefined,
    fields: EntryFields,
  ): Promise<Outcome | 'unknown'> {
    const current = await trx
      .selectFrom('customs_entries')
      .selectAll()
      .where('entry_number', '=', entryNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!current) {
      if (shipmentId === undefined) return 'unknown';
      await trx
        .insertInto('customs_entries')
        .values({ ...fields, entry_number: entryNumber, shipment_id: shipmentId })
        .execute();
      return 'created';
    }
    const changes = changedFields(current as Record<string, unknown>, {
      ...fields,
      ...(shipmentId === undefined ? {} : { shipment_id: shipmentId }),
    });
    if (Object.keys(changes).length === 0) return 'unchanged';
    await trx
      .updateTable('customs_entries')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', current.id)
      .execute();
    return 'updated';
  },

  /** Removes the line, and its amounts from the entry's totals; unchanged when there is none. */
  async deleteLine(trx: Db, entryId: number, lineNumber: number): Promise<'deleted' | 'unchanged'> {
    const deleted = await trx
      .deleteFrom('customs_entry_lines')
      .where('entry_id', '=', entryId)
      .where('line_number', '=', lineNumber)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return 'unchanged';
    await recomputeTotals(trx, entryId);
    return 'deleted';
  },

  /** The entry's line, locked for the caller's change, or undefined. */
  lockedLine(trx: Db, entryId: number, lineNumber: number) {
    return trx
      .selectFrom('customs_entry_lines')
      .selectAll()
      .where('entry_id', '=', entryId)
      .where('line_number', '=', lineNumber)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * Creates the line (with its HTS number) or changes the fields it carries of `current`, the line
   * as `lockedLine` read it; then the entry's sums.
   */
  async upsertLine(
    trx: Db,
    entryId: number,
    lineNumber: number,
    fields: LineFields,
    current: Selectable<CustomsEntryLinesTable> | undefined,
  ): Promise<Outcome | 'needsHtsNumber'> {
    if (!current) {
      if (fields.hts_number === undefined) return 'needsHtsNumber';
      await trx
        .insertInto('customs_entry_lines')
        .values({ ...fields, hts_number: fields.hts_number, entry_id: entryId, line_number: lineNumber })
        .execute();
      await recomputeTotals(trx, entryId);
      return 'created';
    }
    const changes = changedFields(current as Record<string, unknown>, fields);
    if (Object.keys(changes).length === 0) return 'unchanged';
    await trx
      .updateTable('customs_entry_lines')
      .set(changes)
      .where('entry_id', '=', entryId)
      .where('line_number', '=', lineNumber)
      .execute();
    if (changes.entered_value_cents !== undefined || changes.duty_cents !== undefined)
      await recomputeTotals(trx, entryId);
    return 'updated';
  },

  /**
   * The agency's disposition of the entry: the current one, and a line of its history when it
   * changes. The same disposition at the same time again is unchanged.
   */
  async setDisposition(
    trx: Db,
    entryId: number,
    input: { agency: string; disposition: string; disposedAt: Date; note?: string },
  ): Promise<Outcome> {
    const current = await trx
      .selectFrom('customs_entry_dispositions')
      .selectAll()
      .where('entry_id', '=', entryId)
      .where('agency', '=', input.agency)
      .forUpdate()
      .executeTakeFirst();
    const note = input.note ?? current?.note ?? '';
    if (
      current &&
      current.disposition === input.disposition &&
      current.disposed_at.getTime() === input.disposedAt.getTime() &&
      current.note === note
    ) {
      return 'unchanged';
    }
    const row = {
      entry_id: entryId,
      agency: input.agency,
      disposition: input.disposition,
      disposed_at: input.disposedAt,
      note,
    };
    await trx
      .insertInto('customs_entry_dispositions')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['entry_id', 'agency']).doUpdateSet({
          disposition: input.disposition,
          disposed_at: input.disposedAt,
          note,
        }),
      )
      .execute();
    await trx.insertInto('customs_entry_disposition_history').values(row).execute();
    return current ? 'updated' : 'created';
  },
};

/** The entry's entered value and duty: its lines' sums. */
async function recomputeTotals(trx: Db, entryId: number): Promise<void> {
  await sql`
    UPDATE customs_entries SET
      entered_value_cents = totals.value, duty_cents = totals.duty, updated_at = now()
    FROM (
      SELECT coalesce(sum(entered_value_cents), 0) AS value, coalesce(sum(duty_cents), 0) AS duty
      FROM customs_entry_lines WHERE entry_id = ${entryId}
    ) AS totals
    WHERE id = ${entryId}
  `.execute(trx);
}
