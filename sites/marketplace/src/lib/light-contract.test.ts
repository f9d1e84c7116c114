import * as courseReviews from 'virtual:light-contract/course-reviews';
import * as marketplace from 'virtual:light-contract/marketplace';
import * as myCourses from 'virtual:light-contract/my-courses';
import { lightMismatches } from '@coach/shared/build/light-contract-check';
import * as courseReviewsContract from '@coach/shared/contract/course-reviews';
import * as marketplaceContract from '@coach/shared/contract/marketplace';
import * as myCoursesContract from '@coach/shared/contract/my-courses';
import { describe, expect, it } from 'vitest';

/**
 * The light contract modules the islands call by (src/light-contract.d.ts), built from the contract by the Vite
 * plugin this test runs under too (shared/src/build/light-contract.ts, vitest.config.ts).
 */
describe("the islands' calls", () => {
  it.each([
    ['marketplace', marketplace, marketplaceContract],
    ['course-reviews', courseReviews, courseReviewsContract],
    ['my-courses', myCourses, myCoursesContract],
  ])("%s: every call has its contract entry's method, path and auth, and no schema", (_, light, contract) => {
    expect(lightMismatches({ ...light }, { ...contract })).toEqual([]);
  });

  it('has the calls the islands use', () => {
    expect(marketplace.marketplace.getSearchList).toEqual({
      method: 'POST',
      path: '/api/v1/marketplace/get-search-list',
      auth: 'none',
    });
    expect(courseReviews.courseReviews.saveReview).toEqual({
      method: 'POST',
      path: '/api/v1/enterprise/course-reviews/save-review',
      auth: 'enterprise',
    });
  });

  it("keeps the contract's review length", () => {
    expect(courseReviews.REVIEW_COMMENT_MAX).toBe(courseReviewsContract.REVIEW_COMMENT_MAX);
  });
});
