import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, isRtlLanguage, LANGUAGES } from './languages.ts';

describe('languages (spec §9)', () => {
  it('lists the nine languages with en as the default', () => {
    expect(LANGUAGES.map(({ code }) => code)).toEqual([
      'en',
      'ar',
      'fa',
      'hi',
      'zh-Hans',
      'ps',
      'es',
      'uk',
      'vi',
    ]);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('writes ar, fa and ps right to left, and nothing else', () => {
    expect(LANGUAGES.filter(({ rtl }) => rtl).map(({ code }) => code)).toEqual(['ar', 'fa', 'ps']);
    expect(isRtlLanguage('fa')).toBe(true);
    expect(isRtlLanguage('en')).toBe(false);
    expect(isRtlLanguage('xx')).toBe(false);
  });
});
