import type { ThemeSettings } from '../contract/auth.ts';

/** Theme colours used when an enterprise has not set its own (spec §3 themeSettings). */
export const DEFAULT_THEME_SETTINGS = {
  buttonColor: '#FFFFFF',
  buttonBackColor: '#2563EB',
  buttonHoverColor: '#FFFFFF',
  buttonBackHoverColor: '#1D4ED8',
  navFontColor: '#E5E7EB',
  navBackgroundColor: '#1F2937',
} as const satisfies ThemeSettings;

/**
 * Each theme text colour with the background it is read on (the menu's links, a button's label, a hovered
 * button's label): the pairs whose contrast Settings shows and warns about.
 */
export const THEME_TEXT_PAIRS = [
  { text: 'buttonColor', background: 'buttonBackColor' },
  { text: 'buttonHoverColor', background: 'buttonBackHoverColor' },
  { text: 'navFontColor', background: 'navBackgroundColor' },
] as const satisfies readonly { text: keyof ThemeSettings; background: keyof ThemeSettings }[];
