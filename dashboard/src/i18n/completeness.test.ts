import { LANGUAGES } from '@coach/shared/constants/languages';
import { describe, expect, it } from 'vitest';
import { flatten, PLURAL, type Tree } from '../testing/locale-tree.ts';
import { languageTag } from './languages.ts';

/**
 * Every language is complete: each namespace English has exists in every language with the same keys
 * (plurals: the forms the language's own plural rules need), the same {{placeholders}}, and no sentence left in
 * English except the allow-list below.
 */
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const glossaries = import.meta.glob('./glossary/*.json', { eager: true, import: 'default' });

const resource = (code: string, namespace: string) => files[`./locales/${code}/${namespace}.json`];
const namespaces = Object.keys(files)
  .filter((path) => path.startsWith('./locales/en/'))
  .map((path) => path.replace('./locales/en/', '').replace(/\.json$/, ''));

/** Values that read the same in every language: names, codes, abbreviations. */
export const SAME_IN_EVERY_LANGUAGE = new Set([
  'OK',
  'Coach',
  'Coach Admin',
  'CSV',
  'PDF',
  'URL',
  'ID',
  'iOS',
  'Android',
  // The protocol's name, as LMS administrators know it.
  'LMS (LTI 1.3)',
]);

/**
 * Words a language takes from English as they are (Vietnamese writes 'Email'), and place names spelt the same (the
 * interview regions of task-editor.json).
 */
export const SAME_IN: Partial<Record<string, readonly string[]>> = {
  es: ['Australia', 'India', 'Asia'],
  vi: ['Email', 'Video', 'New Zealand', 'Ireland', 'Canada'],
};

/** Keys without their plural suffix, with the suffixes found. */
const groupPlurals = (keys: Iterable<string>) => {
  const groups = new Map<string, Set<string>>();
  for (const key of keys) {
    const match = PLURAL.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    const forms = groups.get(base) ?? new Set<string>();
    if (match?.[1]) forms.add(match[1]);
    groups.set(base, forms);
  }
  return groups;
};

const placeholders = (value: string) =>
  [...value.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const hasWords = (value: string) =>
  /\p{L}{2,}/u.test(value.replace(/\{\{[^}]*\}\}/g, '').replace(/<\/?\w+>/g, ''));

describe('every language is complete', () => {
  it('has English resources to compare with', () => {
    expect(namespaces).toContain('common');
  });

  for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
    describe(code, () => {
      const categories = new Set(new Intl.PluralRules(languageTag(code)).resolvedOptions().pluralCategories);

      it('has a glossary of the domain terms', () => {
        expect(glossaries[`./glossary/${code}.json`]).toBeDefined();
      });

      for (const namespace of namespaces) {
        it(`${namespace}: the same keys, placeholders, and no English left`, () => {
          const english = flatten(resource('en', namespace) ?? {});
          const translated = resource(code, namespace);
          expect(translated, `locales/${code}/${namespace}.json is missing`).toBeDefined();
          const mine = flatten(translated ?? {});
          const englishGroups = groupPlurals(english.keys());
          const myGroups = groupPlurals(mine.keys());
          const problems: string[] = [];
          for (const [base, forms] of englishGroups) {
            const my = myGroups.get(base);
            if (!my) {
              problems.push(`missing ${base}`);
              continue;
            }
            if (forms.size === 0) continue;
            for (const form of categories) if (!my.has(form)) problems.push(`missing ${base}_${form}`);
            for (const form of my)
              if (!categories.has(form as Intl.LDMLPluralRule) && form !== 'zero')
                problems.push(`extra ${base}_${form} (not a plural form of ${code})`);
          }
          for (const base of myGroups.keys()) if (!englishGroups.has(base)) problems.push(`extra ${base}`);
          for (const [key, value] of mine) {
            const base = key.replace(PLURAL, '');
            const englishValue = english.get(key) ?? english.get(`${base}_other`) ?? '';
            if (value.trim() === '') problems.push(`empty ${key}`);
            if (
              value === englishValue &&
              hasWords(value) &&
              !SAME_IN_EVERY_LANGUAGE.has(value) &&
              !SAME_IN[code]?.includes(value)
            )
              problems.push(`${key} is still English: "${value}"`);
            const need = placeholders(english.get(`${base}_other`) ?? englishValue).filter(
              (p) => p !== 'count',
            );
            const have = placeholders(value).filter((p) => p !== 'count');
            for (const name of need) if (!have.includes(name)) problems.push(`${key} lacks {{${name}}}`);
            for (const name of have)
              if (!need.includes(name)) problems.push(`${key} has an unknown {{${name}}}`);
          }
          expect(problems).toEqual([]);
        });
      }
    });
  }
});
