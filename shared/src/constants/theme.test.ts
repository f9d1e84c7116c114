import { describe, expect, it } from 'vitest';
import { themeSettingsSchema } from '../contract/auth.ts';
import { DEFAULT_THEME_SETTINGS } from './theme.ts';

describe('default theme (spec §3 themeSettings)', () => {
  it('sets all six colours as #RRGGBB', () => {
    expect(themeSettingsSchema.strict().parse(DEFAULT_THEME_SETTINGS)).toEqual(DEFAULT_THEME_SETTINGS);
  });
});
