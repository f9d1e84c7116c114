import type { CourseCard as Card, ImageVariants } from '@coach/shared/contract/marketplace';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../i18n/messages.ts';
import { CourseCard } from './course-card.tsx';
import { COURSE_COVER_SIZES, CoverPicture } from './cover-picture.tsx';

const variants: ImageVariants = {
  width: 640,
  height: 360,
  variants: [
    { url: '/uploads/course-image/2026-11/a.avif', type: 'image/avif', width: 400 },
    { url: '/uploads/course-image/2026-11/b.webp', type: 'image/webp', width: 400 },
    { url: '/uploads/course-image/2026-11/c.avif', type: 'image/avif', width: 640 },
    { url: '/uploads/course-image/2026-11/d.webp', type: 'image/webp', width: 640 },
  ],
};
const card: Card = {
  _id: 'c1',
  courseName: 'Speak Up',
  courseProviderName: 'Acme',
  institutionSlug: 'acme',
  courseImgUrl: '/uploads/course-image/2026-11/cover.png',
  courseImgVariants: variants,
  category: 'Public Speaking',
  level: 'Beginner',
  duration: '2 weeks',
  priceCents: 0,
  currency: 'AUD',
  rating: 4.5,
  ratingCount: 3,
};

/** The markup's images in order, each as its tag and attributes (HTML's names are case-blind: srcSet is srcset). */
const elements = (html: string): Record<string, string | undefined>[] =>
  [...html.matchAll(/<(picture|source|img)\b([^>]*)>/g)].map(([, tag, attrs]) => ({
    tag,
    ...Object.fromEntries(
      [...(attrs ?? '').matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k?.toLowerCase(), v]),
    ),
  }));

describe('course covers in modern formats at their display size', () => {
  it('a course card offers the AVIF, then the WebP copies, over the original, loaded lazily without layout shift', () => {
    const html = renderToString(
      createElement(CourseCard, { course: card, lang: 'en', strings: messagesFor('en').card }),
    );
    const [picture, avif, webp, img, ...rest] = elements(html);
    expect(rest).toEqual([]);
    expect(picture).toEqual({ tag: 'picture' });
    expect(avif).toMatchObject({
      tag: 'source',
      type: 'image/avif',
      srcset: '/uploads/course-image/2026-11/a.avif 400w, /uploads/course-image/2026-11/c.avif 640w',
    });
    expect(webp).toMatchObject({
      tag: 'source',
      type: 'image/webp',
      srcset: '/uploads/course-image/2026-11/b.webp 400w, /uploads/course-image/2026-11/d.webp 640w',
    });
    // On a phone a card is the page's width; from 900 px it is one of three or four columns.
    expect(avif?.sizes).toMatch(/^\(max-width: 571px\) calc\(100vw - 32px\), .*340px$/);
    expect(webp?.sizes).toBe(avif?.sizes);
    expect(img).toEqual({
      tag: 'img',
      src: '/uploads/course-image/2026-11/cover.png',
      alt: '',
      width: '640',
      height: '360',
      loading: 'lazy',
      decoding: 'async',
    });
  });

  it('the course page cover loads at once, first among images, with the original size as its box', () => {
    const html = renderToString(
      createElement(CoverPicture, {
        url: '/uploads/x.jpg',
        variants: { ...variants, width: 2000, height: 1125 },
        sizes: COURSE_COVER_SIZES,
        className: 'course__cover',
        eager: true,
      }),
    );
    const img = elements(html).find((e) => e.tag === 'img');
    expect(img).toEqual({
      tag: 'img',
      class: 'course__cover',
      src: '/uploads/x.jpg',
      alt: '',
      width: '2000',
      height: '1125',
      fetchpriority: 'high',
    });
    expect(html).not.toContain('<link');
  });

  it('a cover without copies (saved before they were made) is the original alone', () => {
    const html = renderToString(
      createElement(CourseCard, {
        course: { ...card, courseImgVariants: null },
        lang: 'en',
        strings: messagesFor('en').card,
      }),
    );
    expect(elements(html).map((e) => e.tag)).toEqual(['img']);
    expect(html).toContain('src="/uploads/course-image/2026-11/cover.png"');
  });
});
