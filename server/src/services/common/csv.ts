import { parse } from 'csv-parse/sync';

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

/** Separators a spreadsheet may save a CSV file with: Excel in Spanish, French, German... writes semicolons. */
const SEPARATORS = [',', ';', '\t'] as const;

/** The separator of a file: the one its first line (the header) holds most of, outside quotes; a comma if none. */
export const csvSeparatorOf = (text: string) => {
  const header = (
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((line) => line.trim()) ?? ''
  ).replace(/"[^"]*"/g, '');
  const counts = SEPARATORS.map((separator) => header.split(separator).length - 1);
  const most = Math.max(...counts);
  return most > 0 ? (SEPARATORS[counts.indexOf(most)] ?? ',') : ',';
};

/**
 * The rows of an uploaded CSV file, each with its line number: a byte-order mark and empty lines skipped, cells
 * trimmed, rows of any length, separated by commas, semicolons or tabs as its header is. Throws on a broken file
 * (an unclosed quote).
 */
export const readCsvRows = (text: string) =>
  parse(text, {
    bom: true,
    delimiter: csvSeparatorOf(text),
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
