import { fileSize as plainFileSize } from '@coach/shared/format/file-size';
import { formatNumber } from '../i18n/format.ts';

/** Sizes have at most two decimals (spec §5). */
const AMOUNT = { maximumFractionDigits: 2 } as const;

/**
 * A size in KB, MB or GB (spec §5) as every screen shows it: the amount in the chosen language's digits and
 * separators, as formatNumber writes any other figure ('2.38 KB' in English, '2,38 KB' in Spanish, '۲٫۳۸ KB' in
 * Dari). The shared fileSize stays plain for the server's English messages.
 */
export const fileSize = (bytes: number): string =>
  plainFileSize(bytes, (amount) => formatNumber(amount, AMOUNT));
