import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@clearport/contract/customs-entry';
import {
  AGE_BUCKETS,
  REPORT_KINDS,
  type AgeBucket,
  type OpenInvoicesResponse,
  type ReportQuery,
} from '@clearport/contract/reports';
import { fillText } from '@clearport/contract/texts';
import { Panel } from '../../../components/ui/panel.tsx';
import { paths } from '../../../config/paths.ts';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useOpenInvoices } from '../api/get-open-invoices.ts';
import { CHART_COLOURS } from '../utils/chart-palette.ts';
import type { ChartData } from '../utils/chart-layout.ts';
import { COUNT_AXIS, MONEY_AXIS } from '../utils/chart-axes.ts';
import { ChartOrTable, reportStateOf } from './chart-or-table.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import styles from './reports.module.css';
import { ReportActions } from './report-actions.tsx';

type Aged = OpenInvoicesResponse['buckets'][number];
type Account = OpenInvoicesResponse['accounts'][number];

const T = REPORT_TEXTS;
const BUCKET_LABELS: Record<AgeBucket, string> = Object.fromEntries(
  AGE_BUCKETS.map((bucket) => [bucket.key, bucket.label]),
) as Record<AgeBucket, string>;
const BUCKET_COLOURS = [CHART_COLOURS.sky, CHART_COLOURS.orange, CHART_COLOURS.vermillion, CHART_COLOURS.purple];

type BillingLinkProps = { cents: number; label: string; account: string | undefined; bucket: AgeBucket };

/**
 * An amount opening the billing list filtered to its account and to the invoices it counts as
 * nearly as the list can: not paid for 0–30 days (it holds those not yet due), overdue beyond.
 */
function BillingLink({ cents, label, account, bucket }: BillingLinkProps) {
  const payment_status = bucket === '0-30' ? 'not-paid' : 'overdue';
  return (
    <Link to={paths.billing.getHref({ account, payment_status })} title={fillText(T.openInBilling, { label })}>
      {formatCents(cents)}
    </Link>
  );
}

const bucketColumns = (account: string | undefined): readonly ReportColumn<Aged>[] => [
  { header: T.ageBucket, cell: (row) => BUCKET_LABELS[row.bucket] },
  { header: T.invoices, cell: (row) => row.invoices, isNumeric: true },
  {
    header: T.amount,
    cell: (row) => (
      <BillingLink cents={row.amount_cents} label={BUCKET_LABELS[row.bucket]} account={account} bucket={row.bucket} />
    ),
    isNumeric: true,
  },
];

const ACCOUNT_COLUMNS: readonly ReportColumn<Account>[] = [
  { header: T.account, cell: (row) => row.account_no },
  ...AGE_BUCKETS.map((bucket): ReportColumn<Account> => ({
    header: bucket.label,
    cell: (row) => {
      const aged = row.buckets.find((each) => each.bucket === bucket.key);
      return aged ? (
        <BillingLink
          cents={aged.amount_cents}
          label={`${row.account_no}, ${bucket.label}`}
          account={row.account_no}
          bucket={bucket.key}
        />
      ) : (
        ''
      );
    },
    isNumeric: true,
  })),
];

function chartOf(buckets: readonly Aged[]): ChartData {
  return {
    categories: buckets.map((row) => BUCKET_LABELS[row.bucket]),
    categoryAxisTitle: T.ageBucket,
    series: [
      {
        kind: 'bar',
        label: T.amount,
        values: buckets.map((row) => row.amount_cents),
        colour: buckets.map((_, index) => BUCKET_COLOURS[index % BUCKET_COLOURS.length]!),
      },
    ],
    details: (index) => [
      fillText(T.chartValue, { series: T.invoices, value: COUNT_AXIS.formatValue(buckets[index]?.invoices ?? 0) }),
    ],
    axis: MONEY_AXIS,
  };
}

/** The open invoices by days past due, in all and by account; each amount opens the billing list. */
export function OpenInvoicesReport({
  accountNo,
  range,
}: {
  accountNo: string | undefined;
  /** The page's range: the file is named by it (the ages are counted to today whatever it is). */
  range: ReportQuery | undefined;
}) {
  const query = useMemo(() => (accountNo ? { account_no: accountNo } : {}), [accountNo]);
  const reply = useOpenInvoices(query);
  const buckets = reply.data?.buckets;
  const chart = useMemo(() => (buckets ? chartOf(buckets) : undefined), [buckets]);
  const state = reportStateOf(reply, !buckets?.some((row) => row.invoices > 0), T.noOpenInvoices);
  return (
    <Panel
      title={REPORT_KINDS.openInvoices}
      actions={<ReportActions report="openInvoices" tables={['open-invoices']} query={range} />}
    >
      {/* The line keeps its place while loading, so the chart under it does not move. */}
      <p className={styles.note}>{reply.data ? fillText(T.asOf, { date: formatDate(reply.data.as_of) }) : '\u00a0'}</p>
      <ChartOrTable
        label={REPORT_KINDS.openInvoices}
        state={state}
        chart={chart}
        table={
          <ReportTable
            caption={REPORT_KINDS.openInvoices}
            columns={bucketColumns(accountNo)}
            rows={buckets ?? []}
            getRowKey={(row) => row.bucket}
          />
        }
      />
      {reply.data && reply.data.accounts.length > 0 && (
        <>
          <ReportTable
            caption={T.byAccount}
            columns={ACCOUNT_COLUMNS}
            rows={reply.data.accounts}
            getRowKey={(row) => row.account_no}
          />
          <p className={styles.note}>{T.billingNote}</p>
        </>
      )}
    </Panel>
  );
}
