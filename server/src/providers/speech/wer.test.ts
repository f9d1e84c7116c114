import { describe, expect, it } from 'vitest';
import { normaliseWords, wordErrorRate, wordErrors } from './wer.ts';

describe('word error rate', () => {
  it('reads a British spelling and its American one as the same word', () => {
    expect(
      wordErrors('Our neighbours have a lovely garden.', 'Our neighbors have a lovely garden').errors,
    ).toBe(0);
    expect(wordErrors('The theatre was full of colour.', 'the theater was full of color').errors).toBe(0);
  });

  it('still counts another word, a missing word and an added word', () => {
    expect(
      wordErrors('Our neighbours have a lovely garden.', 'Our neighbors had a lovely garden').errors,
    ).toBe(1);
    expect(wordErrorRate('I think the red van is parked', 'I think the red man is parked here')).toBeCloseTo(
      2 / 7,
    );
  });

  it('leaves words alone that the spelling list does not hold, whatever an object inherits', () => {
    expect(normaliseWords('The constructor said: well-known toString!')).toEqual([
      'the',
      'constructor',
      'said',
      'well',
      'known',
      'tostring',
    ]);
  });
});
