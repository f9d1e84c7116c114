import { describe, expect, it, vi } from 'vitest';
import { awaitCoursePage, coursePageId, MAX_LOOKS } from './course-publishing.ts';

describe('a course page not built yet', () => {
  it('is told apart by its address, in any language', () => {
    expect(coursePageId('/marketplace/course-detail/05b883d8-6b48')).toBe('05b883d8-6b48');
    expect(coursePageId('/es/marketplace/course-detail/abc/')).toBe('abc');
    expect(coursePageId('/marketplace/institution/ames-australia')).toBeNull();
    expect(coursePageId('/marketplace/course-detail/%E0%A4%A')).toBeNull();
  });

  it('says the page is coming and looks again when the course is on sale (published a moment ago)', async () => {
    const comingSoon = vi.fn();
    const onSale = vi.fn(async () => true);
    const pathname = '/marketplace/course-detail/c1';
    expect(await awaitCoursePage({ pathname, looks: 0, onSale, comingSoon })).toBe(true);
    expect(onSale).toHaveBeenCalledWith('c1');
    expect(comingSoon).toHaveBeenCalledOnce();
  });

  it('stays a 404 for a course not on sale, an API that fails, another address, or after two minutes of looks', async () => {
    const comingSoon = vi.fn();
    const pathname = '/marketplace/course-detail/c1';
    expect(await awaitCoursePage({ pathname, looks: 0, onSale: async () => false, comingSoon })).toBe(false);
    const failing = async () => {
      throw new Error('offline');
    };
    expect(await awaitCoursePage({ pathname, looks: 0, onSale: failing, comingSoon })).toBe(false);
    const onSale = vi.fn(async () => true);
    expect(await awaitCoursePage({ pathname: '/marketplace/nowhere', looks: 0, onSale, comingSoon })).toBe(
      false,
    );
    expect(await awaitCoursePage({ pathname, looks: MAX_LOOKS, onSale, comingSoon })).toBe(false);
    expect(onSale).not.toHaveBeenCalled();
    expect(comingSoon).not.toHaveBeenCalled();
  });
});
