import { describe, expect, it } from 'vitest';
import { countTrigrams, likeTrigrams, rareWord, type TrigramSample } from './search-trigrams.ts';

/** A sample of 1,000 names in which "negotiation" is common and "4567" rare. */
const sample: TrigramSample = {
  size: 1000,
  names: new Map([
    ...likeTrigrams('negotiation').map((t) => [t, 140] as const),
    ...likeTrigrams('modern').map((t) => [t, 125] as const),
    ['456', 3],
    ['567', 2],
    ['123', 30],
  ]),
};

describe('which word of a course search the trigram index is asked for', () => {
  it('takes the trigrams pg_trgm reads from like %word%: every three characters in a row, no padding', () => {
    expect(likeTrigrams('4567')).toEqual(['456', '567']);
    expect(likeTrigrams('ab')).toEqual([]);
  });

  it('counts each run of three characters once per name, whatever its case', () => {
    const counted = countTrigrams(['Modern Negotiation 4567', 'Clear Negotiation 45', 'Banana']);
    expect(counted.size).toBe(3);
    expect(counted.names.get('neg')).toBe(2);
    expect(counted.names.get('456')).toBe(1);
    // "Banana" holds "ana" twice: one name.
    expect(counted.names.get('ana')).toBe(1);
    expect(counted.names.get('n 4')).toBe(2);
  });

  it('asks for the rare word of a text that also holds a common one, whatever its case or spacing', () => {
    expect(rareWord('negotiation 4567', sample)).toBe('4567');
    expect(rareWord('  Negotiation   4567 ', sample)).toBe('4567');
    // A word no sampled name holds is the rarest of all.
    expect(rareWord('modern negotiation zqxw', sample)).toBe('zqxw');
    // Words end where pg_trgm ends them: at any character other than a letter or digit.
    expect(rareWord('negotiation-4567!', sample)).toBe('4567');
  });

  it('asks for the whole text when no word is rare enough, there is one word, or no word is indexable', () => {
    // "123" is in 3% of the names: the whole text's trigrams narrow it better.
    expect(rareWord('negotiation 123', sample)).toBeNull();
    expect(rareWord('modern negotiation', sample)).toBeNull();
    expect(rareWord('4567', sample)).toBeNull();
    // pg_trgm splits "q&a-2" into words too short for a trigram: asking for one alone would read the whole index.
    expect(rareWord('negotiation q&a-2', sample)).toBeNull();
    expect(rareWord('negotiation 45', sample)).toBeNull();
    // No sample yet (or no names): nothing is known, the whole text is asked.
    expect(rareWord('negotiation 4567', { size: 0, names: new Map() })).toBeNull();
  });
});
