import { useId } from 'react';
import { REPORT_MAX_MONTHS, REPORT_MONTHS, REPORT_PRESETS, type ReportPreset } from '@clearport/contract/reports';
import { fillText, TEXTS } from '@clearport/contract/texts';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { reportQueryOf, type ReportRange } from '../utils/report-range.ts';
import styles from './reports.module.css';

type ReportRangePickerProps = {
  range: ReportRange;
  /** The user's account numbers. */
  accounts: readonly string[];
  onChange: (range: ReportRange) => void;
};

const T = REPORT_TEXTS;
const PRESETS = Object.entries(REPORT_PRESETS) as [ReportPreset, string][];

/** The range of months (a preset, or Custom with two month fields) and the account the reports cover. */
export function ReportRangePicker({ range, accounts, onChange }: ReportRangePickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const isInvalid = range.preset === 'custom' && reportQueryOf(range) === null;
  // A preset's months are counted from today where the range is read; Custom starts from the months shown.
  const choosePreset = (preset: ReportPreset) => onChange({ ...range, preset });
  return (
    <form className={styles.picker} aria-label={T.rangeFilters} onSubmit={(event) => event.preventDefault()}>
      <div className={styles.field}>
        <label htmlFor={`${id}-preset`}>{T.rangeLabel}</label>
        <select
          id={`${id}-preset`}
          className={styles.control}
          value={range.preset}
          onChange={(event) => choosePreset(event.target.value as ReportPreset)}
        >
          {PRESETS.map(([preset, label]) => (
            <option key={preset} value={preset}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {range.preset === 'custom' && (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-from`}>{T.fromLabel}</label>
            <input
              id={`${id}-from`}
              type="month"
              className={styles.control}
              value={range.from}
              min={REPORT_MONTHS.first}
              max={range.to || REPORT_MONTHS.last}
              aria-invalid={isInvalid || undefined}
              aria-describedby={isInvalid ? errorId : undefined}
              onChange={(event) => onChange({ ...range, from: event.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-to`}>{T.toLabel}</label>
            <input
              id={`${id}-to`}
              type="month"
              className={styles.control}
              value={range.to}
              min={range.from || REPORT_MONTHS.first}
              max={REPORT_MONTHS.last}
              aria-invalid={isInvalid || undefined}
              aria-describedby={isInvalid ? errorId : undefined}
              onChange={(event) => onChange({ ...range, to: event.target.value })}
            />
          </div>
        </>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-account`}>{T.accountLabel}</label>
        <select
          id={`${id}-account`}
          className={styles.control}
          value={range.account}
          onChange={(event) => onChange({ ...range, account: event.target.value })}
        >
          <option value="">{TEXTS.allAccounts}</option>
          {accounts.map((account) => (
            <option key={account} value={account}>
              {account}
            </option>
          ))}
        </select>
      </div>
      {isInvalid && (
        <p id={errorId} className={styles.error} role="alert">
          {fillText(T.invalidRange, { max: String(REPORT_MAX_MONTHS) })}
        </p>
      )}
    </form>
  );
}
