import { describe, expect, it } from 'vitest';
import { countWords } from './word-count.ts';

describe('countWords', () => {
  it('counts nothing in empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords(null)).toBe(0);
  });

  it('counts runs of non-whitespace across newlines and repeated spaces', () => {
    expect(countWords('Good morning, team.')).toBe(3);
    expect(countWords('  one\n\ntwo   three\tfour ')).toBe(4);
    expect(countWords("stand-up isn't two words")).toBe(4);
  });
});
