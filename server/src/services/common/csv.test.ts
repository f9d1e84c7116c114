import { describe, expect, it } from 'vitest';
import { csvSeparatorOf, readCsvRows } from './csv.ts';

describe('reading an uploaded CSV file', () => {
  it('takes the separator its header holds most of, outside quotes: commas, semicolons or tabs', () => {
    expect(csvSeparatorOf('name,email,role,groups\nA;B,a@x.example,,')).toBe(',');
    expect(csvSeparatorOf('\uFEFFname;email;role;groups\r\n')).toBe(';');
    expect(csvSeparatorOf('name\temail\trole\n')).toBe('\t');
    expect(csvSeparatorOf('"name;with;semicolons",email\n')).toBe(',');
    expect(csvSeparatorOf('\n\nword\n')).toBe(',');
  });

  it('reads each row with its line number, the byte-order mark and empty lines left out', () => {
    const rows = readCsvRows('\uFEFFname;groups\r\n\r\nAna;"Sales;Support"\r\n');
    expect(rows.map((r) => [r.info.lines, r.record])).toEqual([
      [1, ['name', 'groups']],
      [3, ['Ana', 'Sales;Support']],
    ]);
  });
});
