import { describe, expect, it } from 'vitest';
import { catalogueSearchPath, learnerSignInPath, MY_COURSES_PATH, signInPath } from './links.ts';

describe("a buyer's way to sign in", () => {
  it('returns to My courses with their address filled in, encoded as a query value', () => {
    const link = new URL(learnerSignInPath('lee+course@example.com'), 'https://coach.example');
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('redirect')).toBe(MY_COURSES_PATH);
    expect(link.searchParams.get('email')).toBe('lee+course@example.com');
    // A '+' left raw would read as a space: the address arrives whole.
    expect(learnerSignInPath('lee+course@example.com')).toContain('email=lee%2Bcourse%40example.com');
  });

  it('without an address, only returns to My courses', () => {
    expect(learnerSignInPath()).toBe('/login?redirect=%2Fenterprise%2Fmy-courses');
    expect(learnerSignInPath('')).toBe('/login?redirect=%2Fenterprise%2Fmy-courses');
  });
});

describe('the sign-in links in the language the visitor reads', () => {
  it('carry the page language to the dashboard, which takes it as their choice', () => {
    expect(signInPath('zh-Hans')).toBe('/login?lang=zh-Hans');
    expect(signInPath('es', '/es/marketplace/course-detail/c1')).toBe(
      '/login?redirect=%2Fes%2Fmarketplace%2Fcourse-detail%2Fc1&lang=es',
    );
    expect(
      new URL(learnerSignInPath('lee@example.com', 'ar'), 'https://coach.example').searchParams.get('lang'),
    ).toBe('ar');
  });
});

describe("the header search's Enter", () => {
  it('opens the catalogue on the home page filtered by the words typed', () => {
    expect(catalogueSearchPath('  ielts & more ')).toBe('/marketplace/home?search=ielts+%26+more#courses');
  });
});
