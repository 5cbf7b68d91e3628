import { useMemo } from 'react';
import { formatCents } from '@clearport/contract/customs-entry';
import { REPORT_KINDS, type EntriesByPortResponse, type ReportQuery } from '@clearport/contract/reports';
import { Panel } from '../../../components/ui/panel.tsx';
import { REPORT_TEXTS } from '../../../config/report-texts.ts';
import { useEntriesByPort } from '../api/get-entries-by-port.ts';
import { CHART_COLOURS } from '../utils/chart-palette.ts';
import type { ChartData } from '../utils/chart-layout.ts';
import { COUNT_AXIS, MONEY_AXIS } from '../utils/chart-axes.ts';
import { ChartOrTable, reportStateOf } from './chart-or-table.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import styles from './reports.module.css';
import { ReportActions } from './report-actions.tsx';

type Figures = { label: string; entries: number; entered_value_cents: number };

const T = REPORT_TEXTS;

const portLabel = (port: EntriesByPortResponse['ports'][number]) =>
  port.port_name ? `${port.port_code} ${port.port_name}` : port.port_code;
const modeLabel = (mode: string) => mode.charAt(0).toUpperCase() + mode.slice(1);

function columnsOf(header: string): readonly ReportColumn<Figures>[] {
  return [
    { header, cell: (row) => row.label },
    { header: T.entries, cell: (row) => row.entries, isNumeric: true },
    { header: T.enteredValue, cell: (row) => formatCents(row.entered_value_cents), isNumeric: true },
  ];
}
const PORT_COLUMNS = columnsOf(T.port);
const MODE_COLUMNS = columnsOf(T.mode);

/** Entries on the left axis, entered value on the right one. */
function chartOf(rows: readonly Figures[]): ChartData {
  return {
    categories: rows.map((row) => row.label),
    series: [
      { kind: 'bar', label: T.entries, values: rows.map((row) => row.entries), colour: CHART_COLOURS.blue },
      {
        kind: 'bar',
        label: T.enteredValue,
        values: rows.map((row) => row.entered_value_cents),
        colour: CHART_COLOURS.orange,
        axis: 'right',
      },
    ],
    axis: { ...COUNT_AXIS, title: T.entries },
    rightAxis: MONEY_AXIS,
  };
}

/** Entries and their entered value by port of entry, and by mode of transport. */
export function EntriesByPortReport({ query }: { query: ReportQuery }) {
  const reply = useEntriesByPort(query);
  const ports = useMemo(() => reply.data?.ports.map((port) => ({ ...port, label: portLabel(port) })), [reply.data]);
  const modes = useMemo(
    () => reply.data?.modes.map((mode) => ({ ...mode, label: modeLabel(mode.mode) })),
    [reply.data],
  );
  const portChart = useMemo(() => (ports ? chartOf(ports) : undefined), [ports]);
  const modeChart = useMemo(() => (modes ? chartOf(modes) : undefined), [modes]);
  const state = reportStateOf(reply, !ports?.length);
  const portsLabel = `${REPORT_KINDS.entriesByPort}: ${T.byPort}`;
  const modesLabel = `${REPORT_KINDS.entriesByPort}: ${T.byMode}`;
  return (
    <Panel
      title={REPORT_KINDS.entriesByPort}
      actions={<ReportActions report="entriesByPort" tables={['entries-by-port', 'entries-by-mode']} query={query} />}
    >
      <div className={styles.pair}>
        <div className={styles.part}>
          <h3 className={styles.partTitle}>{T.byPort}</h3>
          <ChartOrTable
            label={portsLabel}
            state={state}
            chart={portChart}
            table={
              <ReportTable
                caption={portsLabel}
                columns={PORT_COLUMNS}
                rows={ports ?? []}
                getRowKey={(row) => row.label}
              />
            }
          />
        </div>
        <div className={styles.part}>
          <h3 className={styles.partTitle}>{T.byMode}</h3>
          <ChartOrTable
            label={modesLabel}
            state={state}
            chart={modeChart}
            table={
              <ReportTable
                caption={modesLabel}
                columns={MODE_COLUMNS}
                rows={modes ?? []}
                getRowKey={(row) => row.label}
              />
            }
          />
        </div>
      </div>
    </Panel>
  );
}
