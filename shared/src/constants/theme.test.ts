import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../colour/contrast-ratio.ts';
import { themeSettingsSchema } from '../contract/auth.ts';
import { DEFAULT_THEME_SETTINGS, THEME_TEXT_PAIRS } from './theme.ts';

describe('default theme (spec §3 themeSettings)', () => {
  it('sets all six colours as #RRGGBB', () => {
    expect(themeSettingsSchema.strict().parse(DEFAULT_THEME_SETTINGS)).toEqual(DEFAULT_THEME_SETTINGS);
  });

  it('keeps every text of the default theme readable on its background (at least 4.5:1)', () => {
    for (const { text, background } of THEME_TEXT_PAIRS)
      expect(
        contrastRatio(DEFAULT_THEME_SETTINGS[text], DEFAULT_THEME_SETTINGS[background]),
        text,
      ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
