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
