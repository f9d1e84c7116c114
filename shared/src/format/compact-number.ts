const UNITS = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'k' },
] as const;

/**
 * Numbers over 999 shown short (spec §5): 1200 -> '1.2k', 1500000 -> '1.5M'. One decimal, cut rather than
 * rounded so a figure is never overstated (1999 -> '1.9k', 999999 -> '999.9k'); '.0' is dropped (1000 -> '1k').
 * 999 and below are shown as they are.
 */
export const compactNumber = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const { value: unit, suffix } of UNITS) {
    if (abs >= unit) {
      const tenths = Math.floor((abs / unit) * 10 + 1e-9) / 10;
      return `${sign}${String(tenths)}${suffix}`;
    }
  }
  return String(value);
};
