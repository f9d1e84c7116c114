// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../i18n/messages.ts';
import { loadApi } from '../lib/load-api.ts';
import { CourseBrowser } from './course-browser.tsx';

vi.mock('../lib/load-api.ts', () => ({ loadApi: vi.fn() }));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const m = messagesFor('en');
const empty = { currentPage: 1, totalPages: 1, totalCount: 0, listdata: [] };
const call = vi.fn();
const scrolled = vi.fn();
let host: HTMLDivElement;
let unmount: () => void;

/** Renders the catalogue with no courses, reading the page's address as it is now. */
const mount = async (categories: { name: string; courseCount: number }[] = []) => {
  const root = createRoot(host);
  await act(async () =>
    root.render(
      createElement(CourseBrowser, {
        lang: 'en',
        strings: m.browser,
        cardStrings: m.card,
        initial: empty,
        institutes: [],
        categories,
      }),
    ),
  );
  unmount = () => act(() => root.unmount());
};

beforeEach(async () => {
  call.mockReset().mockResolvedValue(empty);
  scrolled.mockReset();
  vi.mocked(loadApi).mockResolvedValue({ browserApi: { call }, ApiError: Error } as never);
  // jsdom lays nothing out and scrolls nothing: the results' place on screen and the scroll are stood in for.
  Element.prototype.scrollIntoView = scrolled;
  host = document.createElement('div');
  document.body.append(host);
  // The catalogue writes its filters into the address: each test starts from a bare one.
  window.history.replaceState(null, '', '/');
  await mount();
});
afterEach(() => {
  unmount();
  host.remove();
});

const field = () => host.querySelector<HTMLInputElement>('#filter-search') as HTMLInputElement;
const type = (value: string) =>
  act(() => {
    // React listens for the native input event; the value setter is the prototype's so React sees the change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field(), value);
    field().dispatchEvent(new Event('input', { bubbles: true }));
  });
/** Where the results stand: under the filters on a 390 px phone, beside them on a wide screen. */
const resultsAt = (top: number) => {
  const results = host.querySelector('.browser__results') as HTMLElement;
  results.getBoundingClientRect = () => ({ top }) as DOMRect;
};
/** Enter in a form's only field submits it (implicit submission): what the browser does, without a layout. */
const pressEnter = () => act(async () => field().form?.requestSubmit());

describe('the course search of the filters', () => {
  it('a visitor on a 390 px phone presses Enter: the search runs and its results come into view', async () => {
    window.innerHeight = 844;
    resultsAt(1400);
    await type('  interview ');
    expect(field().getAttribute('enterkeyhint')).toBe('search');
    await pressEnter();
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ path: expect.stringContaining('get-all-courses-home') }),
      {
        search: 'interview',
        institutes: [],
        categories: [],
        rating: null,
        page: 1,
      },
    );
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    // The focus is not taken from the field: the visitor may go on typing.
    expect(document.activeElement === field() || document.activeElement === document.body).toBe(true);
  });

  it('the search button does the same as Enter', async () => {
    window.innerHeight = 844;
    resultsAt(1400);
    await type('pronunciation');
    await act(async () => host.querySelector<HTMLButtonElement>('.filters__search-go')?.click());
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[1]).toMatchObject({ search: 'pronunciation' });
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('on a wide screen, where the results stand beside the filters, nothing scrolls', async () => {
    window.innerHeight = 900;
    resultsAt(180);
    await type('business');
    await pressEnter();
    expect(call.mock.calls[0]?.[1]).toMatchObject({ search: 'business' });
    expect(scrolled).not.toHaveBeenCalled();
  });

  it("a visitor who pressed Enter in the header's search lands on the catalogue filtered by their words", async () => {
    unmount();
    call.mockClear();
    window.history.replaceState(null, '', '/marketplace/home?search=%20ielts%20#courses');
    await mount();
    window.history.replaceState(null, '', '/');
    expect(field().value).toBe('ielts');
    expect(field().maxLength).toBe(100);
    expect(call.mock.calls[0]?.[1]).toMatchObject({ search: 'ielts', page: 1 });
  });
});

describe('the catalogue in its address', () => {
  it('a visitor back from a course finds the page and filters they left, and each change is written there', async () => {
    unmount();
    call.mockClear();
    call.mockResolvedValue({ ...empty, currentPage: 2, totalPages: 4, totalCount: 40 });
    window.history.replaceState(null, '', '/marketplace/home?rating=4&page=2#courses');
    await mount();
    expect(call.mock.calls[0]?.[1]).toMatchObject({ rating: 4, page: 2 });
    await type('business');
    await pressEnter();
    expect(call.mock.calls.at(-1)?.[1]).toMatchObject({ search: 'business', rating: 4, page: 1 });
    expect(`${window.location.search}${window.location.hash}`).toBe('?search=business&rating=4#courses');
    const next = [...host.querySelectorAll('button')].find((button) => button.textContent === m.browser.next);
    await act(async () => next?.click());
    expect(window.location.search).toBe('?search=business&rating=4&page=3');
    window.history.replaceState(null, '', '/');
  });
});

describe('a search in Chinese', () => {
  it('a visitor who types 面试 on a Chinese page finds the interview courses: the category is ticked', async () => {
    unmount();
    call.mockClear();
    const zh = messagesFor('zh-Hans');
    const root = createRoot(host);
    await act(async () =>
      root.render(
        createElement(CourseBrowser, {
          lang: 'zh-Hans',
          strings: zh.browser,
          cardStrings: zh.card,
          initial: empty,
          institutes: [],
          categories: [{ name: 'Interview Skills', courseCount: 8 }],
        }),
      ),
    );
    unmount = () => act(() => root.unmount());
    await type('面试');
    await pressEnter();
    expect(call.mock.calls.at(-1)?.[1]).toMatchObject({ search: '', categories: ['Interview Skills'] });
    const box = host.querySelector<HTMLInputElement>(
      'input[type=checkbox][value="Interview Skills"], input[type=checkbox]',
    );
    expect(box?.checked).toBe(true);
  });
});

describe('the count above the results', () => {
  it('never names the old results for new filters: it says it is loading until their answer comes', async () => {
    // Every text the count shows, the frames between React's commits included (a browser paints them).
    const count = host.querySelector('.browser__count') as HTMLElement;
    const seen: string[] = [];
    const recorder = new MutationObserver((records) => {
      for (const record of records) if (record.oldValue) seen.push(record.oldValue);
      seen.push(count.textContent ?? '');
    });
    recorder.observe(count, {
      subtree: true,
      childList: true,
      characterData: true,
      characterDataOldValue: true,
    });
    let answer: (page: typeof empty) => void = () => {};
    call.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    // Any rating, then 4.5, 4, 3.5 and 3 stars and up: "4 stars and up".
    const fourUp = host.querySelectorAll<HTMLInputElement>('input[name="rating"]')[2];
    expect(fourUp).toBeDefined();
    await act(async () => fourUp?.click());
    await act(async () => answer({ ...empty, totalCount: 3 }));
    recorder.disconnect();
    seen.push(count.textContent ?? '');
    expect(seen.filter((text) => text.includes('match'))).toEqual(
      seen.filter((text) => text === '3 courses match your filters'),
    );
    expect(seen).toContain('Loading courses…');
    expect(count).toHaveProperty('textContent', '3 courses match your filters');
  });
});

describe('the category filters', () => {
  it('count what ticking each would show under the search, 0 where a search leaves none of it', async () => {
    unmount();
    await mount([
      { name: 'Pronunciation', courseCount: 5 },
      { name: 'Interview Skills', courseCount: 3 },
    ]);
    const counts = () => [...host.querySelectorAll('.check__count')].map((c) => c.textContent);
    expect(counts()).toEqual(['5', '3']);
    call.mockResolvedValue({
      ...empty,
      totalCount: 2,
      categoryCounts: [{ name: 'Pronunciation', courseCount: 2 }],
    });
    await type('vowels');
    await pressEnter();
    expect(counts()).toEqual(['2', '0']);
  });
});
