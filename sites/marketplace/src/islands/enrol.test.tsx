// @vitest-environment jsdom
import { ApiError } from '@coach/shared/client';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../i18n/messages.ts';
import { browserApi } from '../lib/api.ts';
import { Enrol } from './enrol.tsx';

vi.mock('./toasts.ts', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../lib/api.ts')>()),
  browserApi: { call: vi.fn() },
}));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const s = messagesFor('ar').enrol;
const course = { courseId: 'c1', courseName: 'English B2', price: '86.00 AU$', free: false };
let host: HTMLDivElement;
let unmount: () => void;

beforeEach(async () => {
  vi.mocked(browserApi.call).mockReset();
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(createElement(Enrol, { course, lang: 'ar', strings: s, initiallyOpen: true })),
  );
  unmount = () => act(() => root.unmount());
});
afterEach(() => {
  unmount();
  host.remove();
});

const field = (label: string) => {
  const found = [...document.querySelectorAll('label')].find((l) => l.textContent === label);
  return document.getElementById(found?.htmlFor ?? '') as HTMLInputElement;
};
const type = (input: HTMLInputElement, text: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
/** What each element the field names as describing it says, in order. */
const describedBy = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('the enrol dialog on an Arabic page', () => {
  it("a buyer whose address the server refuses reads why in Arabic, beside the field, without the field's name", async () => {
    vi.mocked(browserApi.call).mockRejectedValue(
      new ApiError({ status: 422, message: 'email: Please enter a valid email', field: 'email' }),
    );
    await type(field(s.name), 'Ann');
    await type(field(s.email), 'ann@example');
    await act(async () => {
      document.querySelector<HTMLFormElement>('.modal form')?.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(describedBy(field(s.email))).toEqual([s.invalidEmail, s.emailNote]);
  });

  it('says before payment, in the same words for every address, where the course opens and who gives access otherwise', async () => {
    expect(describedBy(field(s.email))).toEqual([s.emailNote]);
    expect(s.emailNote).toContain('Coach');
    await type(field(s.email), 'someone@elsewhere.example');
    expect(describedBy(field(s.email))).toEqual([s.emailNote]);
    expect(browserApi.call).not.toHaveBeenCalled();
  });

  it('a buyer cannot type a name longer than the contract takes', () => {
    expect(field(s.name).maxLength).toBe(100);
    expect(field(s.email).maxLength).toBe(254);
  });
});
