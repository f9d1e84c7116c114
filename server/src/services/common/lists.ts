/** Helpers shared by list services: paging and case-insensitive `like` patterns. */

/** A `like` pattern matching `text` anywhere, with %, _ and \\ taken literally (use with escape '\\'). */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const pageOf = <T>(
  rows: T[],
  { currentPage, pageSize, total }: { currentPage: number; pageSize: number; total: number },
) => ({
  currentPage,
  totalPages: Math.ceil(total / pageSize),
  totalCount: total,
  listdata: rows,
});
