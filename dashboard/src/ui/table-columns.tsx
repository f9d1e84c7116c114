import type { ReactNode } from 'react';
import { SortHeader, type SortState } from './table.tsx';

/**
 * One column of a table, declared once: its header and how a row fills its cell. By default each cell carries
 * the header as its `data-label`, the label a stacked row shows before the value on a narrow screen.
 */
export type Column<T, S extends string = never> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** A figure column: the header and the cells align as numbers (`table__number`). */
  numeric?: boolean;
  /** Classes of the body cells only (a function for a class that depends on the row). */
  className?: string | ((row: T) => string | undefined);
  /** The cells carry no `data-label`: the row's name, which speaks for itself when stacked. */
  unlabelled?: boolean;
  /** The header is read by screen readers only and the cells carry no label (a column of row actions). */
  hiddenHeader?: boolean;
  /** The cells are the row's header (`<th scope="row">`, no label). */
  rowHeader?: boolean;
  /** The header sorts the list by this key. */
  sort?: S;
};

const headClass = <T, S extends string>(column: Column<T, S>) =>
  column.numeric ? 'table__number' : undefined;

/** The header row's cells; sortable columns sort through `sort` and `onSort`. */
export const ColumnHeads = <T, S extends string>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly Column<T, S>[];
  sort?: SortState<S> | undefined;
  onSort?: ((next: SortState<S>) => void) | undefined;
}) => (
  <>
    {columns.map((column, index) =>
      column.sort !== undefined && sort && onSort ? (
        <SortHeader key={index} column={column.sort} sort={sort} onSort={onSort}>
          {column.header}
        </SortHeader>
      ) : (
        <th key={index} scope="col" className={headClass(column)}>
          {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
        </th>
      ),
    )}
  </>
);

/**
 * One row's cells. `labelled: false` leaves every `data-label` off (a table that is never stacked, such as
 * one only screen readers read).
 */
export const ColumnCells = <T, S extends string>({
  columns,
  row,
  labelled = true,
}: {
  columns: readonly Column<T, S>[];
  row: T;
  labelled?: boolean;
}) => (
  <>
    {columns.map((column, index) => {
      if (column.rowHeader)
        return (
          <th key={index} scope="row">
            {column.cell(row)}
          </th>
        );
      const extra = typeof column.className === 'function' ? column.className(row) : column.className;
      const className = [column.numeric ? 'table__number' : undefined, extra].filter(Boolean).join(' ');
      const label = labelled && !column.unlabelled && !column.hiddenHeader ? column.header : undefined;
      return (
        <td key={index} data-label={label} className={className || undefined}>
          {column.cell(row)}
        </td>
      );
    })}
  </>
);
