import { LANGUAGES, type LanguageCode } from '@coach/shared/constants/languages';
import { describe, expect, it } from 'vitest';
import { flatten, type Tree } from '../testing/locale-tree.ts';
import { languageTag } from './languages.ts';

/**
 * A language written in its own digits (Dari and Pashto: ۰-۹) writes the figures of its sentences in them too: the
 * app formats every {{value}} in the reader's digits, so a "100" typed into a translation read "۸۶ / 100".
 */
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

/**
 * Sentences whose digits are what the reader types or reads as written: codes and examples to type, card numbers
 * of the test mode, standards' and products' names, API values (namespace:key).
 */
const AS_WRITTEN = new Set([
  'common:auth.check.recoveryHint',
  'common:auth.check.enterRecovery',
  'common:ui.timezone.placeholder',
  'courses:editor.priceExample',
  'profile:authenticator.off',
  'server:Must not contain the NUL character (\\u0000)',
  'server:Must be whole text: it holds half of a character (a lone UTF-16 surrogate)',
  'server:Test mode: use 4242 4242 4242 4242 (success) or 4000 0000 0000 0002 (declined)',
  'server:A recovery code looks like abcde-12345',
  'server:Not a real date: the month must be 01-12, the day one that month has, the year 0001 or later',
  'server:taskStatus must be 0, 1 or 2',
  'settings:colourInvalid',
  'settings:lti.title',
  'settings:lti.note',
  'webhooks:xapi.text',
]);

/** The digits of a sentence standing alone (not in a name such as "MP4" or "m3u8"), placeholders and tags left out. */
const figuresIn = (text: string) =>
  text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ').match(/(?<![\p{L}\p{N}_])[0-9][0-9,.]*(?![\p{L}\p{N}])/gu) ??
  [];

const ownDigits = (code: LanguageCode) =>
  new Intl.NumberFormat(languageTag(code), { useGrouping: false }).format(1234567890);

describe('the figures of a translation are in its own digits', () => {
  const ownScript = LANGUAGES.map(({ code }) => code).filter((code) => ownDigits(code) !== '1234567890');

  it('Dari and Pashto are such languages', () => {
    expect(ownScript).toEqual(expect.arrayContaining(['fa', 'ps']));
  });

  for (const code of ownScript) {
    it(`${code}: no Western digits in a sentence`, () => {
      const western: string[] = [];
      for (const [path, tree] of Object.entries(files)) {
        const [, language, namespace] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
        if (language !== code) continue;
        const entries = namespace === 'server' ? Object.entries(tree) : [...flatten(tree)];
        for (const [key, text] of entries) {
          if (typeof text !== 'string' || AS_WRITTEN.has(`${namespace}:${key}`)) continue;
          if (figuresIn(text).length) western.push(`${namespace}:${key}: ${text}`);
        }
      }
      expect(western).toEqual([]);
    });
  }

  it('the check sees a figure standing alone, not the digits of a name', () => {
    expect(figuresIn('{{score}} / 100 · کامیاب')).toEqual(['100']);
    expect(figuresIn('یک ویدیوی MP4 یا WebM تا {{size}} (‎.m3u8)')).toEqual([]);
    expect(figuresIn('1. وظیفه‌ها')).toEqual(['1.']);
  });
});
