/**
 * How many words a text has: runs of non-whitespace, as truncateWords counts them. The reading-topic list
 * shows it and the editor counts live with it, so both agree.
 */
export const countWords = (text: string | null | undefined): number => {
  const value = (text ?? '').trim();
  return value === '' ? 0 : value.split(/\s+/).length;
};
