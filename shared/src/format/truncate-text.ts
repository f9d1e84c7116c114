/** The ellipsis appended to cut text (spec §5). */
export const ELLIPSIS = '...';
/** Default character limit of truncateText (spec §5). */
export const TRUNCATE_TEXT_LENGTH = 100;
/** Default word limit of truncateWords (spec §5). */
export const TRUNCATE_WORDS_COUNT = 550;

/**
 * Cuts text longer than `max` characters to its first `max` characters plus '...' (spec §5: 100 by default).
 * Text of exactly `max` characters is left alone. Counts code points, so an emoji is never split.
 */
export const truncateText = (text: string | null | undefined, max = TRUNCATE_TEXT_LENGTH): string => {
  const value = text ?? '';
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  return `${chars.slice(0, max).join('').trimEnd()}${ELLIPSIS}`;
};

/**
 * Cuts text longer than `max` words to its first `max` words plus '...' (spec §5: 550 by default).
 * Words are runs of non-whitespace; text within the limit is returned unchanged.
 */
export const truncateWords = (text: string | null | undefined, max = TRUNCATE_WORDS_COUNT): string => {
  const value = text ?? '';
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length <= max) return value;
  return `${words.slice(0, max).join(' ')}${ELLIPSIS}`;
};
