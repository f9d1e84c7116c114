import { describe, expect, it } from 'vitest';
import { indefiniteArticle, withIndefiniteArticle } from './indefinite-article.ts';

describe('a or an', () => {
  it('follows how the next word is said', () => {
    expect(withIndefiniteArticle('Accountant')).toBe('an Accountant');
    expect(withIndefiniteArticle('interview skills course')).toBe('an interview skills course');
    expect(withIndefiniteArticle('business English course')).toBe('a business English course');
    expect(withIndefiniteArticle('Nurse')).toBe('a Nurse');
    expect(indefiniteArticle('university')).toBe('a');
    expect(indefiniteArticle('user researcher')).toBe('a');
    expect(indefiniteArticle('hour')).toBe('an');
    expect(indefiniteArticle('Engineer')).toBe('an');
    expect(indefiniteArticle('one-day course')).toBe('a');
  });
});
