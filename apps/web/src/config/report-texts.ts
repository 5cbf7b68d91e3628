/**
 * The texts of Reports (/reports, docs/decisions/0027-reports.md); the reports' names are the
 * contract's REPORT_KINDS. Apart from WEB_TEXTS so that they come with the reports screen alone
 * and the screens every visit loads do not carry them.
 */
export const REPORT_TEXTS = {
  exportCsv: 'CSV',
  exportExcel: 'Excel',
  /** A download button's name: {table} is the table, {format} CSV or Excel. */
  exportLabel: 'Download {table} as {format}',
  exportFailed: 'The file could not be downloaded. Try again.',
  emailMonthly: 'E-mail me monthly',
  subscribed: 'You will receive {report} by e-mail on the first working day of each month.',
  unsubscribed: 'You will no longer receive {report} by e-mail.',
  rangeFilters: 'Report range',
  rangeLabel: 'Range',
  fromLabel: 'From month',
  toLabel: 'To month',
  accountLabel: 'Account',
  /** {max} is the contract's REPORT_MAX_MONTHS. */
  invalidRange: 'Choose a range of 1 to {max} whole months, the first month before the last.',
  chartView: 'Chart',
  tableView: 'Table',
  viewLabel: '{report}: view',
  /** A chart's tooltip line: {series} names the series, {value} its value in the category pointed at. */
  chartValue: '{series}: {value}',
  loading: 'Loading the report...',
  empty: 'No entries in this range.',
  noOpenInvoices: 'No open invoices.',
  failed: 'The report could not be loaded.',
  month: 'Month',
  entries: 'Entries',
  duty: 'Duty',
  mpf: 'MPF',
  hmf: 'HMF',
  otherFees: 'Other fees',
  total: 'Total',
  previousYearTotal: 'Total a year before',
  port: 'Port of entry',
  mode: 'Mode',
  enteredValue: 'Entered value',
  byPort: 'By port of entry',
  byMode: 'By mode',
  byDays: 'By days to release',
  byWeek: 'By week of release',
  weekOf: 'Week of',
  chapter: 'HTS chapter',
  /** The whole duty of the lines flagged, their base duty with their Section 301 or AD/CVD part. */
  section301Lines: 'Duty on Section 301 lines',
  adcvdLines: 'Duty on AD/CVD lines',
  /** The Section 301 parts the broker sent of the lines flagged (docs/decisions/0051). */
  section301Duty: 'Section 301 duty',
  /** Under the duty report when lines flagged Section 301 came without their part: {count} of them. */
  section301WithoutDuty:
    '{count} lines flagged Section 301 came without their Section 301 duty: Section 301 duty leaves them out, Duty on Section 301 lines counts their whole duty.',
  section301OneWithoutDuty:
    '1 line flagged Section 301 came without its Section 301 duty: Section 301 duty leaves it out, Duty on Section 301 lines counts its whole duty.',
  topHts: 'The {count} HTS numbers with the most duty',
  /** Fewer HTS numbers than the top list holds: all of them, {count} (more than one). */
  allHts: 'The {count} HTS numbers with duty, the most first',
  oneHts: 'The one HTS number with duty',
  htsNumber: 'HTS number',
  lines: 'Lines',
  median: 'Median',
  p90: '90th percentile',
  /** {days} is a count of days other than one. */
  days: '{days} days',
  oneDay: '1 day',
  daysToRelease: 'Days from arrival to release',
  released: 'Entries released',
  thresholdLabel: 'Late after (days)',
  /** {days} as formatDays writes it: 1 day, 5 days. */
  overThreshold: 'Released more than {days} after arrival: {count}',
  overThresholdCaption: 'Entries released more than {days} after arrival, latest release first',
  fileNumber: 'File number',
  entryNumber: 'Entry number',
  account: 'Account',
  arrival: 'Arrival',
  release: 'Release',
  showMore: 'Show more',
  loadingMore: 'Loading...',
  noneOverThreshold: 'No entry took longer.',
  asOf: 'Days past due on {date}',
  ageBucket: 'Days past due',
  invoices: 'Invoices',
  amount: 'Open amount',
  byAccount: 'Open amount by account and days past due',
  /** {label} names what the link opens: an age bucket, an account. */
  openInBilling: 'Open billing for {label}',
  billingNote:
    'Each amount opens the billing list filtered to its account and its invoices: not paid for 0–30 days, overdue beyond.',
} as const;
