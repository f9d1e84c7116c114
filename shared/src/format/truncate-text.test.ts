import { describe, expect, it } from 'vitest';
import { truncateText, truncateWords } from './truncate-text.ts';

describe('truncateText (spec §5: 100 characters with an ellipsis)', () => {
  it('leaves text of exactly 100 characters alone', () => {
    const text = 'a'.repeat(100);
    expect(truncateText(text)).toBe(text);
  });

  it('cuts 101 characters to 100 plus ...', () => {
    expect(truncateText('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });

  it('honours a custom limit and drops trailing spaces before the ellipsis', () => {
    expect(truncateText('hello world again', 6)).toBe('hello...');
  });

  it('treats null, undefined and empty as empty', () => {
    expect(truncateText(null)).toBe('');
    expect(truncateText(undefined)).toBe('');
    expect(truncateText('')).toBe('');
  });

  it('never splits an emoji', () => {
    expect(truncateText('😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('truncateWords (spec §5: 550 words)', () => {
  it('leaves 550 words alone and cuts 551 to 550 plus ...', () => {
    const words = Array.from({ length: 551 }, (_, i) => `w${i}`);
    expect(truncateWords(words.slice(0, 550).join(' '))).toBe(words.slice(0, 550).join(' '));
    expect(truncateWords(words.join(' '))).toBe(`${words.slice(0, 550).join(' ')}...`);
  });

  it('counts words across newlines and repeated spaces', () => {
    expect(truncateWords('one  two\nthree four', 3)).toBe('one two three...');
  });

  it('treats empty text as empty', () => {
    expect(truncateWords('')).toBe('');
  });
});
