import {
  AGENCIES,
  DISPOSITIONS,
  ENTRY_TYPES,
  formatCents,
  formatHtsNumber,
  HOLDING_DISPOSITIONS,
  portName,
  type CustomsEntry,
  type CustomsEntryLine,
  type EntryType,
} from '@clearport/contract/customs-entry';
import { fillText } from '@clearport/contract/texts';
import { Fragment, useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { FailedPanel, LoadingPanel } from '../../../components/ui/panel-states.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { formatDetailDate, formatInstant } from '../../../lib/format-date.ts';
import { useCustomsEntry } from '../api/get-customs-entry.ts';
import { EntryApproval } from './entry-approval.tsx';
import styles from './customs-entry-panel.module.css';

const T = WEB_TEXTS.customsEntry;
const NONE = '—';

const orNone = (text: string | null) => (text && text.trim() !== '' ? text : NONE);

/**
 * Text whose slashes may end a line (Antidumping/<wbr>Countervailing, New York/<wbr>Newark): a narrow
 * column would otherwise cut a word where it runs out of room.
 */
const breakableAtSlashes = (text: string): ReactNode =>
  text.split('/').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
const day = (text: string | null) => (text ? formatDetailDate(text) : NONE);
const capitalized = (text: string | null) => (text ? text[0]!.toUpperCase() + text.slice(1) : NONE);

function entryItems(entry: CustomsEntry): DetailItem[] {
  const type = entry.entry_type && `${entry.entry_type} ${ENTRY_TYPES[entry.entry_type as EntryType] ?? ''}`.trim();
  const liquidation = [capitalized(entry.liquidation_status), entry.liquidation_date && day(entry.liquidation_date)]
    .filter(Boolean)
    .join(', ');
  return [
    { label: T.entryNumber, value: entry.entry_number },
    { label: T.entryType, value: breakableAtSlashes(orNone(type)) },
    { label: T.port, value: entry.port_code ? breakableAtSlashes(portName(entry.port_code)) : NONE },
    { label: T.entryDate, value: day(entry.entry_date) },
    { label: T.summaryDate, value: day(entry.summary_date) },
    { label: T.releaseDate, value: day(entry.release_date) },
    { label: T.liquidation, value: liquidation },
    { label: T.bond, value: capitalized(entry.bond_type) },
    { label: T.importerOfRecord, value: orNone(entry.importer_of_record) },
    { label: T.mode, value: capitalized(entry.mode) },
    { label: T.origin, value: orNone(entry.country_of_origin) },
    { label: T.export, value: orNone(entry.country_of_export) },
  ];
}

/**
 * The Section 301 duty the broker sent of the entry's flagged lines, a part of its duty; the sum
 * says how many lines came without theirs, or that none came with it (docs/decisions/0051).
 */
function section301Total(totals: NonNullable<CustomsEntry['totals']>): string {
  const without = totals.section_301_lines_without_duty;
  if (without === totals.section_301_lines) return T.section301TotalNotGiven;
  const sum = formatCents(totals.section_301_duty_cents);
  if (without === 0) return sum;
  const notGiven =
    without === 1 ? T.section301OneLineNotGiven : fillText(T.section301LinesNotGiven, { count: String(without) });
  return `${sum} (${notGiven})`;
}

function totalItems(totals: NonNullable<CustomsEntry['totals']>): DetailItem[] {
  const money = (cents: number | null) => (cents === null ? NONE : formatCents(cents));
  return [
    { label: T.enteredValue, value: money(totals.entered_value_cents) },
    { label: T.duty, value: money(totals.duty_cents) },
    ...(totals.section_301_lines > 0 ? [{ label: T.section301Total, value: section301Total(totals) }] : []),
    { label: T.mpf, value: money(totals.mpf_cents) },
    { label: T.hmf, value: money(totals.hmf_cents) },
    { label: T.otherFees, value: money(totals.other_fees_cents) },
    { label: T.totalDue, value: <strong>{money(totals.total_due_cents)}</strong> },
  ];
}

function Dispositions({ entry }: { entry: CustomsEntry }) {
  if (entry.dispositions.length === 0) return <p className={styles.muted}>{T.noDispositions}</p>;
  return (
    <ul className={styles.dispositions}>
      {entry.dispositions.map((row) => {
        const isHold = HOLDING_DISPOSITIONS.includes(row.disposition);
        return (
          <li key={row.agency} className={isHold ? styles.hold : undefined}>
            <abbr title={AGENCIES[row.agency]}>{row.agency}</abbr>
            <strong>{DISPOSITIONS[row.disposition]}</strong>
            <span className={styles.muted}>{formatInstant(row.disposed_at)}</span>
            {row.note && <span>{row.note}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A line's duty and, on a line flagged Section 301, its Section 301 part as the broker filed it
 * apart, or that the broker has not sent it (docs/decisions/0051).
 */
function LineDuty({ line }: { line: CustomsEntryLine }) {
  const part = !line.section_301
    ? null
    : line.section_301_duty_cents === null
      ? T.section301DutyNotGiven
      : fillText(T.section301Duty, { amount: formatCents(line.section_301_duty_cents) });
  return (
    <span>
      {formatCents(line.duty_cents ?? 0)}
      {part && <span className={styles.dutyPart}>{part}</span>}
    </span>
  );
}

function Lines({ lines, showsMoney, labelId }: { lines: CustomsEntryLine[]; showsMoney: boolean; labelId: string }) {
  // A table wider than a narrow window scrolls; the keyboard reaches it too.
  return (
    <div className={styles.scroller} role="region" aria-labelledby={labelId} tabIndex={0}>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col">{T.lineNumber}</th>
            <th scope="col">{T.hts}</th>
            <th scope="col">{T.description}</th>
            <th scope="col" className={styles.number}>
              {T.quantity}
            </th>
            {showsMoney && (
              <th scope="col" className={styles.number}>
                {T.enteredValue}
              </th>
            )}
            <th scope="col">{T.rate}</th>
            {showsMoney && (
              <th scope="col" className={styles.number}>
                {T.duty}
              </th>
            )}
            <th scope="col">{T.flags}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.line_number}>
              <td data-label={T.lineNumber}>{line.line_number}</td>
              <td data-label={T.hts} className={styles.code}>
                {formatHtsNumber(line.hts_number)}
              </td>
              <td data-label={T.description}>{orNone(line.description)}</td>
              <td data-label={T.quantity} className={styles.number}>
                {line.quantity === null ? NONE : `${Number(line.quantity).toLocaleString('en-US')} ${line.unit}`.trim()}
              </td>
              {showsMoney && (
                <td data-label={T.enteredValue} className={styles.number}>
                  {formatCents(line.entered_value_cents ?? 0)}
                </td>
              )}
              <td data-label={T.rate}>{orNone(line.duty_rate)}</td>
              {showsMoney && (
                <td data-label={T.duty} className={styles.number}>
                  <LineDuty line={line} />
                </td>
              )}
              <td data-label={T.flags}>
                {[line.adcvd && T.adcvd, line.section_301 && T.section301].filter(Boolean).join(', ') || NONE}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The shipment's customs entry (docs/decisions/0026): its numbers, dates and totals, each
 * agency's hold or release, and its lines, fifty at a time. The roles that do not see invoices
 * see no money: the server leaves it out.
 */
export function CustomsEntryPanel({ shipmentId, canDecide }: { shipmentId: number; canDecide: boolean }) {
  const query = useCustomsEntry(shipmentId);
  const linesTitleId = useId();
  if (query.isPending) return <LoadingPanel title={T.title} text={T.loading} />;
  if (query.isError) return <FailedPanel title={T.title} text={T.loadFailed} onRetry={() => void query.refetch()} />;
  const [first] = query.data.pages;
  const entry = first?.entry;
  if (!entry) {
    return (
      <Panel title={T.title}>
        <p className={styles.muted}>{T.notFiled}</p>
      </Panel>
    );
  }
  const lines = query.data.pages.flatMap((page) => page.lines);
  return (
    <Panel title={T.title}>
      <EntryApproval shipmentId={shipmentId} entry={entry} canDecide={canDecide} />
      <DetailList items={entryItems(entry)} />
      {entry.totals && <DetailList items={totalItems(entry.totals)} className={styles.totals} />}
      <h3 className={styles.subtitle}>{T.holdsTitle}</h3>
      <Dispositions entry={entry} />
      <h3 className={styles.subtitle} id={linesTitleId}>
        {T.linesTitle.replace('{count}', String(entry.line_count))}
      </h3>
      <Lines lines={lines} showsMoney={entry.totals !== null} labelId={linesTitleId} />
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} isPending={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? T.loadingLines : T.moreLines}
        </Button>
      )}
      {entry.earlier_entries.length > 0 && (
        <p className={styles.muted}>{T.earlierEntries.replace('{numbers}', entry.earlier_entries.join(', '))}</p>
      )}
    </Panel>
  );
}
