const KB = 1024;
const UNITS = [
  { value: KB ** 3, suffix: 'GB' },
  { value: KB ** 2, suffix: 'MB' },
  { value: KB, suffix: 'KB' },
] as const;

/**
 * Bytes shown in KB, MB or GB (spec §5), base 1024, at most two decimals with trailing zeros dropped:
 * 1536 -> '1.5 KB', 1048576 -> '1 MB'. Under 1 KB is still shown in KB ('0 KB' for 0 bytes, at least
 * '0.01 KB' for any other size, so a non-empty file never reads as empty). `writeNumber` writes the amount: plain
 * by default (the server's English messages and the upload rules' labels); the dashboard passes its formatNumber,
 * so a reader sees the language's digits and decimal sign ('2,38 KB' in Spanish): `dashboard/src/lib/file-size.ts`.
 */
export const fileSize = (bytes: number, writeNumber: (amount: number) => string = String): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return `${writeNumber(0)} KB`;
  const index = UNITS.findIndex(({ value }) => bytes >= value);
  let unit = UNITS[index === -1 ? UNITS.length - 1 : index] ?? UNITS[2];
  let amount = Math.max(Math.round((bytes / unit.value) * 100) / 100, 0.01);
  // 1048575 bytes rounds to 1024 KB: show it as 1 MB instead.
  const larger = UNITS[UNITS.indexOf(unit) - 1];
  if (amount >= KB && larger) {
    unit = larger;
    amount = Math.round((bytes / unit.value) * 100) / 100;
  }
  return `${writeNumber(amount)} ${unit.suffix}`;
};
