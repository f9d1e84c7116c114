import type { CourseCard as Card } from '@coach/shared/contract/marketplace';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../i18n/messages.ts';
import { CourseCard } from './course-card.tsx';

const card: Card = {
  _id: 'c1',
  courseName: 'Speak Up',
  courseProviderName: 'Acme',
  institutionSlug: 'acme',
  courseImgUrl: '/uploads/course-image/2026-11/cover.png',
  courseImgVariants: null,
  category: 'Public Speaking',
  level: 'Beginner',
  duration: '2 weeks',
  priceCents: 4990,
  currency: 'AUD',
  rating: 4.5,
  ratingCount: 3,
};

/** The card's text as a visitor reads it (tags dropped, spaces folded). */
const text = (course: Card, lang: 'en' | 'ar' = 'en') =>
  renderToString(createElement(CourseCard, { course, lang, strings: messagesFor(lang).card }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a course card', () => {
  it('a rated course shows its stars and count; a new one says it has no ratings yet, not "0.0 (0 ratings)"', () => {
    expect(text(card)).toContain('Rated 4.5 out of 5 from 3 ratings');
    const fresh = text({ ...card, rating: 0, ratingCount: 0 });
    expect(fresh).toContain('No ratings yet');
    expect(fresh).not.toContain('0 ratings');
    expect(text({ ...card, rating: 0, ratingCount: 0 }, 'ar')).toContain('لا تقييمات بعد');
  });

  it('a price says its currency, unmistakable beside the others', () => {
    expect(text(card)).toContain('A$49.90');
    expect(text({ ...card, currency: 'USD' })).toContain('US$49.90');
  });
});
