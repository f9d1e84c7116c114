import { describe, expect, it } from 'vitest';
import { rivalsHeard, rivalsOf } from './rivals.ts';

// Pure: CMUdict looked up by sound. No audio, no database.

describe('rival words', () => {
  it('are the real words one learner’s usual substitution or added vowel away', () => {
    expect(rivalsOf('three', 'en-US')).toEqual(expect.arrayContaining(['free', 'tree']));
    expect(rivalsOf('think', 'en-US')).toEqual(expect.arrayContaining(['sink', 'fink']));
    expect(rivalsOf('van', 'en-US')).toContain('ban');
    expect(rivalsOf('prize', 'en-US')).toContain('price');
    expect(rivalsOf('wine', 'en-US')).toContain('vine');
    // Never the word itself nor another spelling of its own sounds ("pries" is said as "prize").
    expect(rivalsOf('three', 'en-US')).not.toContain('three');
    expect(rivalsOf('prize', 'en-US')).not.toContain('pries');
    // A dropped h, as learners drop it ("ill" for "hill")...
    expect(rivalsOf('hill', 'en-US')).toContain('ill');
    expect(rivalsOf('hair', 'en-US')).toContain('air');
    // ...but not a dropped ending: the recogniser's other hypotheses drop those on rightly read speech.
    expect(rivalsOf('cold', 'en-US')).not.toContain('coal');
    expect(rivalsOf('friends', 'en-US')).not.toContain('friend');
    // Words of two letters have none, and are none: CMUdict's short entries are letters and names ("d", "de").
    expect(rivalsOf('is', 'en-US')).toEqual([]);
    expect(rivalsOf('the', 'en-US')).not.toContain('de');
  });

  it('are heard where another hypothesis of the recogniser differs in that one word only', () => {
    const target = 'At 21 three birds sat on the fence.';
    const heard = (
      alternatives: { text: string; gap: number }[],
      written = 'At 21 three birds sat on the fence.',
    ) => rivalsHeard(target, written, alternatives, 'en-US');
    // "21" is two normalised words (twenty one): "three" is the target's fourth (index 3), as the aligner counts.
    expect(
      heard([
        { text: 'At 21 tree birds sat on the fence.', gap: 1.9 },
        { text: 'At 21, three birds sat on the fence.', gap: 0.4 },
        { text: 'At 21 free birds sat on the fence.', gap: 1.2 },
      ]),
    ).toEqual([{ index: 3, word: 'free', gap: 1.2 }]);
    // Written together or with another capital, it is the same rival.
    expect(heard([{ text: 'At 21 treebirds sat on the fence.', gap: 1.1 }])).toEqual([
      { index: 3, word: 'tree', gap: 1.1 },
    ]);
    expect(heard([{ text: 'At 21 Tree Birds sat on the fence.', gap: 0.5 }])).toEqual([
      { index: 3, word: 'tree', gap: 0.5 },
    ]);
    // Two words changed, a word that is no rival, a rival of a word not in the target: none.
    expect(heard([{ text: 'At 21 tree bird sat on the fence.', gap: 1 }])).toEqual([]);
    expect(heard([{ text: 'At 21 three birds sat on the bench.', gap: 1 }])).toEqual([]);
    expect(
      heard([{ text: 'At 21 tree birds sat on the fence.', gap: 1 }], 'At 21 thee birds sat on the fence.'),
    ).toEqual([]);
  });
});
