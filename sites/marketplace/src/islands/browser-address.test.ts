import { describe, expect, it } from 'vitest';
import { addressQuery, filtersFromAddress, NO_FILTERS } from './browser-address.ts';

const known = { institutes: ['youstudy', 'english-priority'], categories: ['Business English', 'IELTS'] };

describe("the catalogue's filters in its address", () => {
  it('reads back what it writes: page, search, institutes, categories and rating', () => {
    const filters = {
      search: 'present',
      institutes: ['youstudy'],
      categories: ['Business English', 'IELTS'],
      rating: 4,
      page: 2,
    };
    const query = addressQuery(filters);
    expect(query).toBe(
      '?search=present&institute=youstudy&category=Business+English&category=IELTS&rating=4&page=2',
    );
    expect(filtersFromAddress(query, known)).toEqual(filters);
  });

  it('writes nothing for the unfiltered first page', () => {
    expect(addressQuery(NO_FILTERS)).toBe('');
    expect(filtersFromAddress('', known)).toEqual(NO_FILTERS);
  });

  it('leaves out what the page does not offer: an unknown institute or category, a rating or page made up', () => {
    expect(
      filtersFromAddress(
        '?institute=nowhere&category=Cooking&rating=2&page=-3&search=' + 'x'.repeat(300),
        known,
      ),
    ).toEqual({ ...NO_FILTERS, search: 'x'.repeat(100) });
    expect(filtersFromAddress('?page=2.5&rating=abc', known)).toEqual(NO_FILTERS);
  });
});
