import { describe, expect, it } from 'vitest';
import { addressQuery, filtersFromAddress, NO_FILTERS, withCategorySearch } from './browser-address.ts';

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

describe('a search in the page language that names a category', () => {
  const zh = [
    { name: 'Interview Skills', label: '面试技巧' },
    { name: 'Business English', label: '商务英语' },
  ];
  it('ticks the category whose name holds it, and sends no text the English courses cannot match', () => {
    expect(withCategorySearch({ ...NO_FILTERS, search: '面试', page: 3 }, 'zh-Hans', zh)).toEqual({
      ...NO_FILTERS,
      categories: ['Interview Skills'],
    });
    expect(
      withCategorySearch({ ...NO_FILTERS, search: '英语', categories: ['Business English'] }, 'zh-Hans', zh)
        .categories,
    ).toEqual(['Business English']);
  });

  it('leaves English pages, one letter and a search naming no category as they are', () => {
    const english = [{ name: 'Interview Skills', label: 'Interview Skills' }];
    expect(withCategorySearch({ ...NO_FILTERS, search: 'inter' }, 'en', english).search).toBe('inter');
    expect(withCategorySearch({ ...NO_FILTERS, search: '面' }, 'zh-Hans', zh).search).toBe('面');
    expect(withCategorySearch({ ...NO_FILTERS, search: 'IELTS' }, 'zh-Hans', zh).search).toBe('IELTS');
  });
});
