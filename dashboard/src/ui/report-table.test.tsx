import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Column, ReportTable } from './report-table.tsx';

type Row = { type: string; assigned: number; completed: number | null };

const ROWS: Row[] = [
  { type: 'Speaking', assigned: 12, completed: 9 },
  { type: 'Reading', assigned: 4, completed: null },
];

const COLUMNS: Column<Row>[] = [
  { header: 'Type', rowHeader: true, cell: (row) => row.type },
  { header: 'Assigned', numeric: true, cell: (row) => row.assigned },
  { header: 'Completed', numeric: true, cell: (row) => row.completed ?? '—' },
  { header: 'Note', className: (row) => (row.completed === null ? 'is-open' : undefined), cell: () => 'x' },
];

describe('ReportTable', () => {
  it('names the table by its caption and shows one row per item under the declared headers', () => {
    render(<ReportTable caption="Tasks by type" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.type} />);
    const table = screen.getByRole('table', { name: 'Tasks by type' });
    expect(table).toHaveClass('table', 'table--stack');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Type', 'Assigned', 'Completed', 'Note']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Speaking', 'Reading']);
    const reading = within(table).getByRole('row', { name: /Reading/ });
    expect(
      within(reading)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['4', '—', 'x']);
  });

  it('labels each figure with its header for stacked rows and aligns figure columns as numbers', () => {
    render(<ReportTable caption="Tasks by type" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.type} />);
    const [assigned, completed, note] = within(screen.getByRole('row', { name: /Speaking/ })).getAllByRole(
      'cell',
    );
    expect(assigned).toHaveAttribute('data-label', 'Assigned');
    expect(assigned).toHaveClass('table__number');
    expect(completed).toHaveAttribute('data-label', 'Completed');
    expect(note).not.toHaveAttribute('class');
    expect(screen.getByRole('columnheader', { name: 'Assigned' })).toHaveClass('table__number');
    expect(screen.getByRole('columnheader', { name: 'Type' })).not.toHaveAttribute('class');
    expect(within(screen.getByRole('row', { name: /Reading/ })).getAllByRole('cell')[2]).toHaveClass(
      'is-open',
    );
  });

  it('hidden from sight, still reads to screen readers with a plain caption and no stacked labels', () => {
    render(
      <ReportTable
        caption="Activity"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.type}
        screenReaderOnly
      />,
    );
    const table = screen.getByRole('table', { name: 'Activity' });
    expect(table).toHaveClass('visually-hidden');
    expect(table.querySelector('caption')).not.toHaveAttribute('class');
    for (const cell of within(table).getAllByRole('cell')) expect(cell).not.toHaveAttribute('data-label');
  });

  it('shows just the headers when there are no rows', () => {
    render(<ReportTable caption="Surveys" columns={COLUMNS} rows={[]} rowKey={(row) => row.type} />);
    const table = screen.getByRole('table', { name: 'Surveys' });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
  });
});
