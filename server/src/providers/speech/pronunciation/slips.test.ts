import { describe, expect, it } from 'vitest';
import { slipsToAsk, speltSlipsOf } from './slips.ts';

// Pure: CMUdict's sounds decide which slips a word can have; the spelling is made from its letters.

describe('a word’s slips, spelt', () => {
  it('say the word’s /θ/ as f, s or t, or add a vowel before its s and consonant', () => {
    const spelt = (word: string) =>
      speltSlipsOf(word, 'en-US').map((slip) => `${slip.error} ${slip.spelling}`);
    expect(spelt('think')).toEqual(['TH>F fink', 'TH>S sink', 'TH>T tink']);
    expect(spelt('thursday')).toEqual(['TH>F fursday', 'TH>S sursday', 'TH>T tursday']);
    expect(spelt('station')).toEqual(['+EH estation']);
  });

  it('are none where the letters do not make the sound: "th" in "lighthouse", "Thomas" or "brother"', () => {
    expect(speltSlipsOf('lighthouse', 'en-US')).toEqual([]);
    expect(speltSlipsOf('thomas', 'en-US')).toEqual([]);
    // /ð/ and a dropped h are not asked: the aligner weighs those.
    expect(speltSlipsOf('brother', 'en-US')).toEqual([]);
    expect(speltSlipsOf('hill', 'en-US')).toEqual([]);
    expect(speltSlipsOf('sugar', 'en-US')).toEqual([]);
    // Nor for a word CMUdict has no entry for, or of two letters.
    expect(speltSlipsOf('zzthq', 'en-US')).toEqual([]);
    expect(speltSlipsOf('he', 'en-US')).toEqual([]);
  });

  it('are asked of the target words the recogniser wrote, with their capital and punctuation', () => {
    const asked = slipsToAsk(
      'Three birds stood on the path, three!',
      [
        { word: 'Three' },
        { word: 'birds' },
        { word: 'Stood' },
        { word: 'on' },
        { word: 'the' },
        { word: 'path,' },
      ],
      'en-US',
    );
    // "three" is said twice in the target, so its place is not known; "birds", "on" and "the" have no slip.
    expect(
      asked.map(({ variant, slip }) => `${variant.word} ${variant.text} ${slip.index} ${slip.error}`),
    ).toEqual(['2 Estood 2 +EH', '5 paf, 5 TH>F', '5 pas, 5 TH>S', '5 pat, 5 TH>T']);
  });
});
