// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetBuyer, rememberBuyer, retryPath, takeRetry } from './enrol-retry.ts';

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/es/marketplace/course-detail/c1?from=search');
});

describe("a declined payment's Try again", () => {
  it('asks the course page by a fragment, so no name or email reaches the server or its logs', () => {
    expect(retryPath('/es/marketplace/course-detail/c1')).toBe('/es/marketplace/course-detail/c1#enrol');
  });

  it('gives the page opened with it the name and email kept for its course, and takes the fragment off', () => {
    rememberBuyer('c1', { name: 'Visitor Vee', email: 'vee@example.com' });
    window.location.hash = 'enrol';
    expect(takeRetry('c1')).toEqual({ name: 'Visitor Vee', email: 'vee@example.com' });
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe(
      '/es/marketplace/course-detail/c1?from=search',
    );
    // Once: a reload is an ordinary visit.
    expect(takeRetry('c1')).toBeNull();
  });

  it('opens the dialog empty when this tab kept nothing for the course, and nothing without the fragment', () => {
    rememberBuyer('c2', { name: 'Visitor Vee', email: 'vee@example.com' });
    expect(takeRetry('c2')).toBeNull();
    window.location.hash = 'enrol';
    expect(takeRetry('c1')).toEqual({ name: '', email: '' });
  });

  it('keeps nothing once paid, and goes on where storage cannot be used', () => {
    rememberBuyer('c1', { name: 'Visitor Vee', email: 'vee@example.com' });
    forgetBuyer();
    expect(sessionStorage.length).toBe(0);
    const refused = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => rememberBuyer('c1', { name: 'Vee', email: 'vee@example.com' })).not.toThrow();
    refused.mockRestore();
    window.location.hash = 'enrol';
    expect(takeRetry('c1')).toEqual({ name: '', email: '' });
  });
});
