/**
 * CSV files the screens download (reports, survey results): cells separated by commas, lines by CRLF, and every
 * cell safe to open in a spreadsheet.
 */

export type CsvValue = string | number | null;

/** A CSV cell: quoted when needed; a leading = + - @ (a spreadsheet formula) is defused with a quote mark. */
export const csvCell = (value: CsvValue) => {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One line of cells, without its line end. */
export const csvLine = (cells: readonly CsvValue[]) => cells.map(csvCell).join(',');

/** A whole file: the header, then a line per row, each line ending in CRLF. */
export const csvText = (header: readonly string[], rows: readonly (readonly CsvValue[])[]) =>
  `${[csvLine(header), ...rows.map(csvLine)].join('\r\n')}\r\n`;
