import { CONTACT_FORM_MESSAGES, GO_BACK_LABEL, NOT_FOUND_MESSAGE } from '@coach/shared/constants/messages';
import { describe, expect, it } from 'vitest';
import { fill, formatCompact, formatDate, formatPriceIn, plural } from './format.ts';
import { localePath, SITE_LANGUAGES, splitLocale } from './languages.ts';
import { messagesFor } from './messages.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf as 'section.key' → text. */
const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of leaves(value, name)) out.set(k, v);
  }
  return out;
};

const PLURAL = /_(zero|one|two|few|many|other)$/;
const slots = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * Values a language may keep exactly as in English: names (of the site, the programmes, the card's CVC) and
 * keys whose text is a name with a slot. Anything else left in English is an untranslated sentence.
 */
const SAME_AS_ENGLISH = new Set(['layout.siteName', 'partner.title', 'enrol.cvc']);

const en = leaves(messagesFor('en') as unknown as Tree);
/** The plural bases of en ('browser.count' for browser.count_one / _other) and the plain keys. */
const pluralBases = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
const plainKeys = [...en.keys()].filter((k) => !PLURAL.test(k));

describe.each(SITE_LANGUAGES.filter((l) => l.code !== 'en'))('the $code strings', ({ code, tag }) => {
  const strings = leaves(messagesFor(code) as unknown as Tree);
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;

  it('have every key of en, each plural in exactly the forms the language uses, and nothing else', () => {
    const expected = [
      ...plainKeys,
      ...[...pluralBases].flatMap((base) => categories.map((c) => `${base}_${c}`)),
    ].sort();
    expect([...strings.keys()].sort()).toEqual(expected);
  });

  it('translate every text (names excepted) and keep its {{slots}}', () => {
    for (const [key, text] of strings) {
      const base = key.replace(PLURAL, '');
      const english = en.get(key) ?? en.get(`${base}_other`) ?? '';
      expect(text.trim(), key).not.toBe('');
      if (!SAME_AS_ENGLISH.has(key)) expect(text, `${code} ${key} is still English`).not.toBe(english);
      // A form for one (or zero, two) may say the number in words instead of {{count}}.
      const own = slots(text).filter((s) => s !== 'count');
      expect(own, `${code} ${key} slots`).toEqual(slots(english).filter((s) => s !== 'count'));
    }
  });
});

describe('the English strings', () => {
  it("keep the spec's fixed sentences exact (spec §2, §5)", () => {
    const s = messagesFor('en');
    expect(s.notFound.heading).toBe(NOT_FOUND_MESSAGE);
    expect(s.notFound.goBack).toBe(GO_BACK_LABEL);
    expect([
      s.contact.enterName,
      s.contact.enterEmail,
      s.contact.invalidMobile,
      s.contact.enterMessage,
    ]).toEqual([
      CONTACT_FORM_MESSAGES.name,
      CONTACT_FORM_MESSAGES.email,
      CONTACT_FORM_MESSAGES.mobileNo,
      CONTACT_FORM_MESSAGES.message,
    ]);
  });
});

describe('language helpers', () => {
  it('keep English at the spec paths and put the others under their prefix', () => {
    expect(localePath('en', '/marketplace/home')).toBe('/marketplace/home');
    expect(localePath('zh-Hans', '/story-up')).toBe('/zh-Hans/story-up');
    expect(splitLocale('/ar/marketplace/course-detail/x')).toEqual({
      lang: 'ar',
      path: '/marketplace/course-detail/x',
    });
    expect(splitLocale('/marketplace/home')).toEqual({ lang: 'en', path: '/marketplace/home' });
  });
  it("pick the language's plural form and format in the language", () => {
    const s: Record<string, string> = messagesFor('uk').browser;
    expect(plural(s, 'uk', 'count', 1)).toBe(fill(s.count_one ?? '', { count: '1' }));
    expect(plural(s, 'uk', 'count', 3)).toBe(fill(s.count_few ?? '', { count: '3' }));
    expect(plural(s, 'uk', 'count', 5)).toBe(fill(s.count_many ?? '', { count: '5' }));
    expect(formatCompact('en', 1999)).toBe('1.9k');
    expect(formatPriceIn('en', 24900, 'AUD', 'Free')).toBe('A$249.00');
    expect(formatPriceIn('en', 24900, 'USD', 'Free')).toBe('US$249.00');
    // The symbol is isolated from a right-to-left page's direction: its "AU$" stays whole after the figure.
    expect(formatPriceIn('ar', 8600, 'AUD', '')).toMatch(/86\.00\s\u2068AU\$\u2069$/);
    expect(formatPriceIn('es', 0, 'AUD', 'Gratis')).toBe('Gratis');
    // Every currency says which: a buyer cannot tell "$" from "$".
    expect(formatPriceIn('es', 24900, 'AUD', '')).toMatch(/^249,00\sAUD$/);
    expect(formatDate('ar', '2026-03-05T10:00:00Z')).toContain('مارس');
  });
});
