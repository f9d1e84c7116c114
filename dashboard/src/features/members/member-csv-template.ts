import { MEMBER_CSV_COLUMNS } from '@coach/shared/contract/members';

// The members CSV template's sample row names only what the company has: the import creates no group and knows no
// role by another name, so a sample naming a group the company lacks ("Sales Onboarding") had every edited copy of
// it refused ("No group is named …"). The role and the group come from the company, else the cell stays empty (an
// empty role gets the role Invite starts from; an empty groups cell puts the member in no group).

/**
 * Whether a name can stand in a cell as it is: a semicolon would split it into two groups, and a leading =, +, -, @
 * would make a spreadsheet read the cell as a formula.
 */
const fitsCell = (name: string) => name.trim() !== '' && !name.includes(';') && !/^[=+\-@\t\r]/.test(name);

/** A cell of the file, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The template's text: the header (MEMBER_CSV_COLUMNS) and one sample member with `role` and the first of `groups`
 * that fits a cell, each left empty when there is none.
 */
export const memberCsvTemplate = ({ role, groups }: { role: string | null; groups: readonly string[] }) => {
  const sample: Record<(typeof MEMBER_CSV_COLUMNS)[number], string> = {
    name: 'Alex Example',
    email: 'alex@example.com',
    role: role !== null && fitsCell(role) ? role : '',
    groups: groups.find(fitsCell) ?? '',
  };
  return `${MEMBER_CSV_COLUMNS.join(',')}\n${MEMBER_CSV_COLUMNS.map((column) => cell(sample[column])).join(',')}\n`;
};

/** The template as a link's address to download. */
export const memberCsvTemplateHref = (template: string) =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(template)}`;
