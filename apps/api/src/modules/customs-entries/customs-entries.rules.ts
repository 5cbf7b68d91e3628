import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import type { Refusal } from '../../lib/refusal.ts';
import {
  ENTRY_APPROVAL_TEXTS,
  ENTRY_LINES_PAGE,
  needsApproval,
  type EntryApproval,
  type Agency,
  type CustomsEntryResponse,
  type Disposition,
} from '@clearport/contract/customs-entry';
import type { customsEntriesRepository } from './customs-entries.repository.ts';

type Found = NonNullable<Awaited<ReturnType<typeof customsEntriesRepository.currentOf>>>;
type ApprovalFacts = Awaited<ReturnType<typeof customsEntriesRepository.approvalOf>>;

/**
 * Where the entry's 7501 stands: the latest decision on this 7501, or awaiting one when the
 * company's rule asks for it and the 7501 is not reviewed yet (approving it reviews it), or not
 * needed. Without a 7501 there is nothing to decide on. Home's box counts the same
 * (AWAITING_APPROVAL in shipments.rules.ts).
 */
export function approvalState(facts: ApprovalFacts, dutyCents: number): EntryApproval {
  const { path_to_7501, decision } = facts;
  const needs =
    path_to_7501 !== null &&
    !facts.reviewed_7501 &&
    needsApproval(facts.entry_approval, facts.entry_approval_threshold_cents, dutyCents);
  return {
    state: decision ? decision.decision : needs ? 'awaiting' : 'not_needed',
    path_to_7501,
    decided_by: decision?.name ?? null,
    decided_at: decision?.decided_at.toISOString() ?? null,
    comment: decision?.comment ?? '',
  };
}

/** Why a decision on the 7501 is refused. */
export type DecisionRefusal = { refused: 'shipmentNotFound' | 'noEntry' | 'replaced' | 'notAwaiting' };

export function decisionRefusalOf({ refused }: DecisionRefusal): Refusal {
  if (refused === 'shipmentNotFound') return { status: 404, message: SHIPMENT_DETAIL_ERRORS.shipmentNotFound };
  return { status: 409, message: ENTRY_APPROVAL_TEXTS[refused] };
}

/** What the Section 301 rule reads of a line. */
type Section301Figures = { duty_cents: number; section_301: boolean; section_301_duty_cents: number | null };

/** A new line's figures where its record leaves them out: the table's defaults. */
const NEW_LINE: Section301Figures = { duty_cents: 0, section_301: false, section_301_duty_cents: null };

/** Why a line cannot hold its Section 301 duty (docs/decisions/0051-section-301-duty-per-line.md). */
export type Section301DutyFault = 'section301DutyUnflagged' | 'section301DutyAboveDuty';

/**
 * Whether the line as a write leaves it holds its Section 301 duty: only a line flagged Section
 * 301 carries one, and it is a part of the line's duty, so at most that duty. A field the write
 * leaves out (undefined) keeps what the line holds, or a new line's default.
 */
export function section301DutyFault(
  stored: Section301Figures | undefined,
  sent: { [Field in keyof Section301Figures]?: Section301Figures[Field] | undefined },
): Section301DutyFault | undefined {
  const line = { ...(stored ?? NEW_LINE) };
  if (sent.duty_cents !== undefined) line.duty_cents = sent.duty_cents;
  if (sent.section_301 !== undefined) line.section_301 = sent.section_301;
  if (sent.section_301_duty_cents !== undefined) line.section_301_duty_cents = sent.section_301_duty_cents;
  if (line.section_301_duty_cents === null) return undefined;
  if (!line.section_301) return 'section301DutyUnflagged';
  return line.section_301_duty_cents > line.duty_cents ? 'section301DutyAboveDuty' : undefined;
}

/** A shipment the broker has not filed an entry for yet. */
export const NO_ENTRY: CustomsEntryResponse = { entry: null, lines: [], next_line: null };

/**
 * The panel's reply: the current entry with its dispositions and a page of lines. Without `money`
 * (the roles that do not see invoices) the values, duty and fees are null.
 */
export function entryResponse(found: Found, money: boolean): CustomsEntryResponse {
  const { current, earlier, dispositions, lineSums, approval } = found;
  const lines = found.lines.slice(0, ENTRY_LINES_PAGE);
  const fees = [current.mpf_cents, current.hmf_cents, current.other_fees_cents];
  return {
    entry: {
      entry_number: current.entry_number,
      entry_type: current.entry_type,
      port_code: current.port_code,
      entry_date: current.entry_date,
      summary_date: current.summary_date,
      release_date: current.release_date,
      liquidation_date: current.liquidation_date,
      liquidation_status: current.liquidation_status,
      bond_type: current.bond_type,
      importer_of_record: current.importer_of_record,
      mode: current.mode,
      country_of_origin: current.country_of_origin,
      country_of_export: current.country_of_export,
      totals: money
        ? {
            entered_value_cents: current.entered_value_cents,
            duty_cents: current.duty_cents,
            mpf_cents: current.mpf_cents,
            hmf_cents: current.hmf_cents,
            other_fees_cents: current.other_fees_cents,
            total_due_cents: current.duty_cents + fees.reduce<number>((sum, fee) => sum + (fee ?? 0), 0),
            section_301_lines: lineSums.section301Lines,
            section_301_duty_cents: lineSums.section301DutyCents,
            section_301_lines_without_duty: lineSums.section301LinesWithoutDuty,
          }
        : null,
      dispositions: dispositions.map((row) => ({
        agency: row.agency as Agency,
        disposition: row.disposition as Disposition,
        disposed_at: row.disposed_at.toISOString(),
        note: row.note,
      })),
      line_count: lineSums.lines,
      earlier_entries: earlier.map((entry) => entry.entry_number),
      // Role 11 has no file links: it is not sent the 7501's key (docs/decisions/0006).
      approval: { ...approvalState(approval, current.duty_cents), ...(money ? {} : { path_to_7501: null }) },
    },
    lines: lines.map((line) => ({
      line_number: line.line_number,
      hts_number: line.hts_number,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      entered_value_cents: money ? line.entered_value_cents : null,
      duty_rate: line.duty_rate,
      duty_cents: money ? line.duty_cents : null,
      adcvd: line.adcvd,
      section_301: line.section_301,
      section_301_duty_cents: money ? line.section_301_duty_cents : null,
    })),
    next_line: found.lines.length > ENTRY_LINES_PAGE ? lines.at(-1)!.line_number : null,
  };
}
