import { describe, expect, it } from 'vitest';
import { toCents } from './price-input.ts';

describe('a price as an owner types it', () => {
  it('takes a point or a comma for the cents, as their language writes them', () => {
    expect(toCents('129')).toBe(12900);
    expect(toCents('129.50')).toBe(12950);
    expect(toCents('129,50')).toBe(12950);
    expect(toCents('129,5')).toBe(12950);
    expect(toCents('1.299,50')).toBe(129950);
    expect(toCents('1 299,50 €')).toBe(129950);
  });

  it('lets a pasted sign, code or thousands comma pass', () => {
    expect(toCents('$149.00')).toBe(14900);
    expect(toCents('AUD 1,250')).toBe(125000);
    expect(toCents('1,250.75')).toBe(125075);
  });

  it('refuses what is not a price', () => {
    for (const typed of ['', 'free', '12.345', '1,2,3', '-5', '12,5,0']) expect(toCents(typed)).toBeNaN();
  });
});
