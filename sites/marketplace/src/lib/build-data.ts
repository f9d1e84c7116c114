import { marketplace } from '@coach/shared/contract/marketplace';
import { buildApi } from './api.ts';

/**
 * Build-time reads, each asked once per build: every page is built in nine languages from the same data, so
 * the language versions share one call (the course texts stay as entered, only the page around them changes).
 */
const cache = new Map<string, Promise<unknown>>();
const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = read();
    cache.set(key, hit);
  }
  return hit;
};

export const homepage = () => once('home', () => buildApi.call(marketplace.getHomepage, {}));
export const courseIds = () => once('ids', () => buildApi.call(marketplace.getCourseIds, {}));
export const courseDetails = (courseId: string) =>
  once(`course:${courseId}`, () => buildApi.call(marketplace.getCourseDetails, { courseId }));
export const institute = (slug: string) =>
  once(`institute:${slug}`, () => buildApi.call(marketplace.getInstitute, { slug }));
