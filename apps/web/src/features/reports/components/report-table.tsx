import { useId, type ReactNode } from 'react';
import styles from './reports.module.css';

export type ReportColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures line up on the right. */
  isNumeric?: boolean;
};

type ReportTableProps<Row> = {
  caption: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row, index: number) => string;
  /** The rows shown are a previous question's, its new answer on its way. */
  isBusy?: boolean;
};

/**
 * A report's figures as a table. It scrolls sideways inside its own region when the screen is
 * narrower than it, and that region takes the focus so a keyboard can scroll it.
 */
export function ReportTable<Row>({ caption, columns, rows, getRowKey, isBusy = false }: ReportTableProps<Row>) {
  const captionId = useId();
  return (
    <>
      {/* Above the scrolling region, not its caption: a table wider than a phone would carry its title off the screen. */}
      <p id={captionId} className={styles.caption}>
        {caption}
      </p>
      <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table
          className={isBusy ? `${styles.table} ${styles.busy}` : styles.table}
          aria-labelledby={captionId}
          aria-busy={isBusy || undefined}
        >
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.isNumeric ? styles.numeric : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={getRowKey(row, index)}>
                {columns.map((column, index) => {
                  const Cell = index === 0 ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.header}
                      scope={index === 0 ? 'row' : undefined}
                      className={column.isNumeric ? styles.numeric : undefined}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
