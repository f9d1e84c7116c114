import { describe, expect, it } from 'vitest';

/**
 * No screen writes English of its own: JSX text and the attributes people read or hear (aria-label,
 * placeholder, title, label, description, alt...) come from the resource files through t(). This reads every
 * component's source and fails on a literal sentence there. Names that read the same in every language are allowed.
 */
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const NAMES = new Set(['Coach', 'App Store', 'Google Play']);
/** `=> Promise<` and other type arguments look like text between > and <. */
const TYPES = new Set(['Promise']);

const JSX_TEXT = /(?<![=(:])>\s*([A-Z][a-z]+(?:[ ,'’-]+[A-Za-z]+)*[.!?:]?)\s*</g;
const READ_ATTRIBUTES =
  /\b(aria-label|aria-description|placeholder|title|label|description|alt|confirmLabel|cancelLabel|hint)="([A-Za-z][^"]*)"/g;

describe('no hard-coded text', () => {
  it('reads the components', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('every sentence on screen comes from the resource files', () => {
    const found: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      for (const [, text = ''] of source.matchAll(JSX_TEXT))
        if (!NAMES.has(text) && !TYPES.has(text)) found.push(`${file}: text "${text}"`);
      // A URL or a language code shown as an example is not a sentence.
      for (const [, attribute, value = ''] of source.matchAll(READ_ATTRIBUTES))
        if (!NAMES.has(value) && /\s|^[A-Z][a-z]/.test(value)) found.push(`${file}: ${attribute}="${value}"`);
    }
    expect(found).toEqual([]);
  });
});
