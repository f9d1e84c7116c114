import { type Column, ColumnCells, ColumnHeads } from './table-columns.tsx';

export type { Column } from './table-columns.tsx';

/**
 * A table of rows already loaded (a report's figures, a folder's tasks) from its columns, declared once: a
 * caption for screen readers, the header row and one row per item, stacked into labelled lines on a narrow
 * screen. `screenReaderOnly` hides the whole table from sight (the figures a chart draws, for those who cannot
 * see the chart): its caption is then left plain and no cell is labelled.
 */
export const ReportTable = <T,>({
  caption,
  columns,
  rows,
  rowKey,
  screenReaderOnly = false,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  screenReaderOnly?: boolean;
}) => (
  <table className={screenReaderOnly ? 'visually-hidden' : 'table table--stack'}>
    <caption className={screenReaderOnly ? undefined : 'visually-hidden'}>{caption}</caption>
    <thead>
      <tr>
        <ColumnHeads columns={columns} />
      </tr>
    </thead>
    <tbody>
      {rows.map((row) => (
        <tr key={rowKey(row)}>
          <ColumnCells columns={columns} row={row} labelled={!screenReaderOnly} />
        </tr>
      ))}
    </tbody>
  </table>
);
