import {
  REVIEW_COMMENT_MAX as CONTRACT_MAX,
  courseReviews as reviewContract,
} from '@coach/shared/contract/course-reviews';
import { marketplace as marketplaceContract } from '@coach/shared/contract/marketplace';
import { describe, expect, it } from 'vitest';
import { courseReviews, marketplace, REVIEW_COMMENT_MAX } from './calls.ts';

const same = (slim: Record<string, object>, contract: Record<string, object>) => {
  for (const [name, def] of Object.entries(slim)) {
    const full = contract[name] as { method: string; path: string; auth: string; multipart?: boolean };
    expect(full, name).toBeDefined();
    expect(def, name).toEqual({ method: full.method, path: full.path, auth: full.auth });
    expect(full.multipart, name).toBeFalsy();
  }
};

describe("the islands' calls", () => {
  it('have the method, path and auth of their contract entries', () => {
    same(marketplace, marketplaceContract);
    same(courseReviews, reviewContract);
  });

  it("keep the contract's review length", () => {
    expect(REVIEW_COMMENT_MAX).toBe(CONTRACT_MAX);
  });
});
