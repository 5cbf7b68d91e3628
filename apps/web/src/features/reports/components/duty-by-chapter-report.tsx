import { useMemo } from 'react';
import { formatCents, formatHtsNumber } from '@clearport/contract/customs-entry';
import {
  REPORT_KINDS,
  TOP_HTS_NUMBERS,
  type DutyByChapterResponse,
  type ReportQuery,
} from '@clearport/contract/reports';
import { fillText } from '@clearport/contract/texts';
import { Panel } from '../../../components/ui/panel.tsx';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { useDutyByChapter } from '../api/get-duty-by-chapter.ts';
import { CHART_COLOURS } from '../utils/chart-palette.ts';
import type { ChartData } from '../utils/chart-layout.ts';
import { MONEY_AXIS } from '../utils/chart-axes.ts';
import { ChartOrTable, reportStateOf } from './chart-or-table.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import { ReportActions } from './report-actions.tsx';
import styles from './reports.module.css';

type Chapter = DutyByChapterResponse['chapters'][number];
type Hts = DutyByChapterResponse['top_hts'][number];

const T = REPORT_TEXTS;

/**
 * Duty, the whole duty of the lines flagged Section 301, the Section 301 duty the broker sent of
 * them, and the whole duty of the lines flagged AD/CVD (docs/decisions/0051).
 */
function dutyPartColumns<Row extends Chapter | Hts>(): ReportColumn<Row>[] {
  return [
    { header: T.duty, cell: (row) => formatCents(row.duty_cents), isNumeric: true },
    { header: T.section301Lines, cell: (row) => formatCents(row.section_301_lines_duty_cents), isNumeric: true },
    { header: T.section301Duty, cell: (row) => formatCents(row.section_301_duty_cents), isNumeric: true },
    { header: T.adcvdLines, cell: (row) => formatCents(row.adcvd_lines_duty_cents), isNumeric: true },
  ];
}

const CHAPTER_COLUMNS: readonly ReportColumn<Chapter>[] = [
  { header: T.chapter, cell: (row) => `${row.chapter} ${row.name}` },
  { header: T.enteredValue, cell: (row) => formatCents(row.entered_value_cents), isNumeric: true },
  ...dutyPartColumns<Chapter>(),
];

const HTS_COLUMNS: readonly ReportColumn<Hts>[] = [
  { header: T.htsNumber, cell: (row) => formatHtsNumber(row.hts_number) },
  { header: T.lines, cell: (row) => row.lines, isNumeric: true },
  { header: T.enteredValue, cell: (row) => formatCents(row.entered_value_cents), isNumeric: true },
  ...dutyPartColumns<Hts>(),
];

/**
 * Each chapter's duty beside the duty of its lines flagged Section 301, their Section 301 duty,
 * and the duty of its lines flagged AD/CVD (a line may carry both flags, and the Section 301 duty
 * is a part of its lines' duty, so they are shown apart rather than stacked).
 */
function chartOf(chapters: readonly Chapter[]): ChartData {
  return {
    categories: chapters.map((row) => row.chapter),
    categoryTitles: chapters.map((row) => `${row.chapter} ${row.name}`),
    series: [
      { kind: 'bar', label: T.duty, values: chapters.map((row) => row.duty_cents), colour: CHART_COLOURS.blue },
      {
        kind: 'bar',
        label: T.section301Lines,
        values: chapters.map((row) => row.section_301_lines_duty_cents),
        colour: CHART_COLOURS.vermillion,
      },
      {
        kind: 'bar',
        label: T.section301Duty,
        values: chapters.map((row) => row.section_301_duty_cents),
        colour: CHART_COLOURS.orange,
      },
      {
        kind: 'bar',
        label: T.adcvdLines,
        values: chapters.map((row) => row.adcvd_lines_duty_cents),
        colour: CHART_COLOURS.purple,
      },
    ],
    axis: MONEY_AXIS,
  };
}

/** The top list's caption, which counts the HTS numbers it lists when there are fewer than it holds. */
function topHtsCaption(listed: number): string {
  if (listed >= TOP_HTS_NUMBERS) return fillText(T.topHts, { count: String(TOP_HTS_NUMBERS) });
  return listed === 1 ? T.oneHts : fillText(T.allHts, { count: String(listed) });
}

/** Duty by HTS chapter, and the HTS numbers with the most duty. */
export function DutyByChapterReport({ query }: { query: ReportQuery }) {
  const reply = useDutyByChapter(query);
  const chapters = reply.data?.chapters;
  const chart = useMemo(() => (chapters ? chartOf(chapters) : undefined), [chapters]);
  const state = reportStateOf(reply, !chapters?.length);
  const topCaption = topHtsCaption(reply.data?.top_hts.length ?? 0);
  const withoutDuty = chapters?.reduce((sum, row) => sum + row.section_301_lines_without_duty, 0) ?? 0;
  return (
    <Panel
      title={REPORT_KINDS.dutyByChapter}
      actions={<ReportActions report="dutyByChapter" tables={['duty-by-chapter', 'top-hts-numbers']} query={query} />}
    >
      <ChartOrTable
        label={REPORT_KINDS.dutyByChapter}
        state={state}
        chart={chart}
        table={
          <ReportTable
            caption={REPORT_KINDS.dutyByChapter}
            columns={CHAPTER_COLUMNS}
            rows={chapters ?? []}
            getRowKey={(row) => row.chapter}
          />
        }
      />
      {withoutDuty > 0 && (
        <p className={styles.note}>
          {withoutDuty === 1
            ? T.section301OneWithoutDuty
            : fillText(T.section301WithoutDuty, { count: withoutDuty.toLocaleString('en-US') })}
        </p>
      )}
      {reply.data && reply.data.top_hts.length > 0 && (
        <ReportTable
          caption={topCaption}
          columns={HTS_COLUMNS}
          rows={reply.data.top_hts}
          getRowKey={(row) => row.hts_number}
        />
      )}
    </Panel>
  );
}
