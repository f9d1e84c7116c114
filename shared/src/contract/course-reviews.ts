import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id, text } from './envelope.ts';
import { courseReviewSchema } from './marketplace.ts';

// Course reviews: only a learner enrolled in the course (a paid enrolment under their
// account's email) reviews it, once, and may edit that review. Reading reviews is public (get-course-details).
const R = `${API_BASE.enterprise}/course-reviews`;

export const REVIEW_COMMENT_MAX = 2000;

const courseId = () => id();

export const courseReviews = {
  /** The caller's own review of a course and whether they may write one (enrolled). */
  getMyReview: defineCall({
    method: 'POST',
    path: `${R}/get-my-review`,
    auth: 'enterprise',
    permission: null,
    request: z.strictObject({ courseId: courseId() }),
    response: z.object({ enrolled: z.boolean(), review: courseReviewSchema.nullable() }),
  }),
  /** Writes the caller's review, or edits it: one per learner and course. 403 when not enrolled. */
  saveReview: defineCall({
    method: 'POST',
    path: `${R}/save-review`,
    auth: 'enterprise',
    permission: null,
    request: z.strictObject({
      courseId: courseId(),
      rating: z
        .number({ error: 'Choose a rating from 1 to 5 stars' })
        .int('Choose a rating from 1 to 5 stars')
        .min(1, 'Choose a rating from 1 to 5 stars')
        .max(5, 'Choose a rating from 1 to 5 stars'),
      comment: text().trim().max(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters`),
    }),
    response: courseReviewSchema,
  }),
} as const;
