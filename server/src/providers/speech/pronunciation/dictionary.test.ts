import { describe, expect, it } from 'vitest';
import { cmuEntry, phonesFromIpa, pronunciationsOf } from './dictionary.ts';
import { slotsOf } from './variants.ts';

const sounds = (word: string, accent: 'en-US' | 'en-GB' = 'en-US') =>
  pronunciationsOf(word, accent).map((pronunciation) => pronunciation.map(({ phone }) => phone).join(' '));

describe('the reference sounds of a target word', () => {
  it('come from CMUdict with its stress marks, every listed variant accepted', () => {
    expect(pronunciationsOf('think', 'en-US')).toEqual([
      [
        { phone: 'TH', stress: null },
        { phone: 'IH', stress: 1 },
        { phone: 'NG', stress: null },
        { phone: 'K', stress: null },
      ],
    ]);
    expect(sounds('read')).toEqual(['R EH D', 'R IY D']);
  });

  it('a British reference drops the r no vowel follows, and still accepts the American one', () => {
    expect(sounds('car', 'en-GB')).toEqual(['K AA', 'K AA R']);
    expect(sounds('car')).toEqual(['K AA R']);
    // An r before a vowel stays; an unstressed r-coloured vowel is a schwa.
    expect(sounds('very', 'en-GB')).toEqual(['V EH R IY']);
    expect(sounds('weather', 'en-GB')).toEqual(['W EH DH AH', 'W EH DH ER']);
    expect(sounds('bird', 'en-GB')).toEqual(['B ER D']);
  });

  it('a word CMUdict lacks is said by espeak-ng, in the same phones', () => {
    expect(pronunciationsOf('blorptastic', 'en-US')[0]?.map(({ phone }) => phone)).toEqual(
      expect.arrayContaining(['B', 'L', 'T', 'S']),
    );
    expect(phonesFromIpa('θˈɪŋk')).toEqual([
      { phone: 'TH', stress: null },
      { phone: 'IH', stress: 1 },
      { phone: 'NG', stress: null },
      { phone: 'K', stress: null },
    ]);
    expect(phonesFromIpa('stɹˈiːt').map(({ phone }) => phone)).toEqual(['S', 'T', 'R', 'IY', 'T']);
  });

  it('a word nobody can say has no reference', () => {
    expect(pronunciationsOf('', 'en-US')).toEqual([]);
  });
});

describe("the errors a learner may make in a word, as the aligner's choices", () => {
  const choicesOf = (word: string) =>
    slotsOf(pronunciationsOf(word, 'en-US')[0] ?? []).map((slot) =>
      slot.choices
        .map((choice) =>
          choice.kind === 'omitted'
            ? '-'
            : `${choice.kind === 'expected' ? '' : choice.kind === 'inserted' ? '+' : '~'}${choice.phone}`,
        )
        .join('|'),
    );

  it('θ may be heard as f, s or t; the stressed short i as the long one', () => {
    expect(choicesOf('think')).toEqual(['TH|~F|~S|~T', 'IH|~IY', 'NG', 'K|-']);
  });

  it('a vowel may be added before s + consonant, and a final cluster consonant dropped', () => {
    expect(choicesOf('street')).toEqual(['+EH', 'S', 'T', 'R|~L', 'IY|~IH', 'T']);
    expect(choicesOf('worked')).toEqual(['W|~V', 'ER', 'K', 'T|-']);
  });

  it('h may be dropped at the start of a word; an unstressed vowel is never a confusion', () => {
    expect(choicesOf('house')[0]).toBe('HH|-');
    // "the" is DH AH0: ð may be heard as d or z, the reduced vowel stays as it is.
    expect(choicesOf('the')).toEqual(['DH|~D|~Z', 'AH']);
  });
});

describe('CMUdict looked up in its own text', () => {
  it('answers exactly what the package exports, for every one of its 135,000 words and for a word it lacks', async () => {
    const { dictionary } = await import('cmu-pronouncing-dictionary');
    const words = Object.keys(dictionary);
    expect(words.length).toBeGreaterThan(130_000);
    const differing = words.filter((word) => cmuEntry(word) !== dictionary[word]);
    expect(differing).toEqual([]);
    expect(cmuEntry('think')).toBe('TH IH1 NG K');
    expect(cmuEntry('read(2)')).toBe('R IY1 D');
    expect(cmuEntry('okonkwo')).toBeUndefined();
    expect(cmuEntry('')).toBeUndefined();
  });
});
