import { useId, useState } from 'react';
import {
  REPORT_EXPORT_TABLES,
  REPORT_KINDS,
  reportFileName,
  type ReportExportTable,
  type ReportKind,
  type ReportQuery,
} from '@clearport/contract/reports';
import { fillText } from '@clearport/contract/texts';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { saveBlob } from '../../../lib/files.ts';
import { toast } from '../../../lib/toast.ts';
import { getReportExport } from '../api/get-report-export.ts';
import { useReportSubscriptions, useSetReportSubscriptions } from '../api/report-subscriptions.ts';
import styles from './reports.module.css';

const T = REPORT_TEXTS;
const FORMATS = [
  { format: 'csv', label: T.exportCsv },
  { format: 'xlsx', label: T.exportExcel },
] as const;

type ReportActionsProps = {
  report: ReportKind;
  /** The tables the report downloads, each as CSV and as Excel. */
  tables: readonly ReportExportTable[];
  /** The report's range; without one (a custom range not yet valid) nothing is downloaded. */
  query: ReportQuery | undefined;
  /** The late-release threshold, for the release report's tables. */
  over?: number;
};

/** A report's downloads and its monthly e-mail, beside its title. */
export function ReportActions({ report, tables, query, over }: ReportActionsProps) {
  const subscriptions = useReportSubscriptions();
  const save = useSetReportSubscriptions();
  const [busy, setBusy] = useState<string | null>(null);
  const emailId = useId();
  const subscribed = subscriptions.data?.reports ?? [];
  const isSubscribed = subscribed.includes(report);

  const download = async (table: ReportExportTable, format: 'csv' | 'xlsx') => {
    // Kept focusable while another export runs (a disabled button drops the focus): refused here.
    if (!query || busy !== null) return;
    const exportQuery = { ...query, format, ...(over === undefined ? {} : { over }) };
    setBusy(`${table}.${format}`);
    try {
      saveBlob(await getReportExport(table, exportQuery), reportFileName(table, exportQuery));
    } catch {
      toast.error(T.exportFailed);
    } finally {
      setBusy(null);
    }
  };

  const toggle = (checked: boolean) => {
    const reports = checked ? [...subscribed, report] : subscribed.filter((each) => each !== report);
    const said = fillText(checked ? T.subscribed : T.unsubscribed, { report: REPORT_KINDS[report] });
    save.mutate({ reports, said });
  };

  return (
    <div className={styles.actions}>
      {tables.map((table) => (
        <span key={table} className={styles.downloads}>
          {tables.length > 1 && <span className={styles.downloadsLabel}>{REPORT_EXPORT_TABLES[table]}</span>}
          {FORMATS.map(({ format, label }) => (
            <button
              key={format}
              type="button"
              className={styles.download}
              disabled={!query}
              aria-disabled={busy !== null || undefined}
              aria-label={fillText(T.exportLabel, { table: REPORT_EXPORT_TABLES[table], format: label })}
              onClick={() => void download(table, format)}
            >
              {label}
            </button>
          ))}
        </span>
      ))}
      <span className={styles.email}>
        <input
          id={emailId}
          type="checkbox"
          checked={isSubscribed}
          aria-disabled={subscriptions.isPending || save.isPending || undefined}
          aria-label={`${T.emailMonthly}: ${REPORT_KINDS[report]}`}
          onChange={(event) => {
            // Kept focusable while it loads or saves (a disabled box drops the focus): refused here then.
            if (subscriptions.isPending || save.isPending) return;
            toggle(event.target.checked);
          }}
        />
        <label htmlFor={emailId}>{T.emailMonthly}</label>
      </span>
    </div>
  );
}
