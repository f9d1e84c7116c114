import type { courseReviews as reviewContract } from '@coach/shared/contract/course-reviews';
import { API_BASE, type CallDef } from '@coach/shared/contract/define-call';
import type { marketplace as marketplaceContract } from '@coach/shared/contract/marketplace';

/**
 * The calls the islands make, as the browser client needs them: method, path and auth only. The contract's
 * entries also carry their zod schemas, and importing them would put zod (about 30 KB brotli with the
 * contract) into every page's scripts, while the client never parses with them. Each entry keeps its
 * contract entry's type, so inputs and answers stay typed; calls.test.ts checks each against the contract.
 */
const slim = <C extends CallDef>(def: Pick<C, 'method' | 'path' | 'auth'>) => def as C;

type Marketplace = typeof marketplaceContract;
const M = API_BASE.marketplace;

export const marketplace = {
  getAllCoursesHome: slim<Marketplace['getAllCoursesHome']>({
    method: 'POST',
    path: `${M}/get-all-courses-home`,
    auth: 'none',
  }),
  contactFormHome: slim<Marketplace['contactFormHome']>({
    method: 'POST',
    path: `${M}/contact-form-home`,
    auth: 'none',
  }),
  generateSecret: slim<Marketplace['generateSecret']>({
    method: 'POST',
    path: `${M}/generate-secret`,
    auth: 'none',
  }),
  checkEnrollmentStatus: slim<Marketplace['checkEnrollmentStatus']>({
    method: 'POST',
    path: `${M}/check-enrollment-status`,
    auth: 'none',
  }),
  enrollCourse: slim<Marketplace['enrollCourse']>({
    method: 'POST',
    path: `${M}/enroll-course`,
    auth: 'none',
  }),
  confirmTestPayment: slim<Marketplace['confirmTestPayment']>({
    method: 'POST',
    path: `${M}/test-payments/confirm`,
    auth: 'none',
  }),
  sendContactUsDetails: slim<Marketplace['sendContactUsDetails']>({
    method: 'POST',
    path: `${M}/send-contact-us-details`,
    auth: 'none',
  }),
  getSearchList: slim<Marketplace['getSearchList']>({
    method: 'POST',
    path: `${M}/get-search-list`,
    auth: 'none',
  }),
  getUserDetails: slim<Marketplace['getUserDetails']>({
    method: 'POST',
    path: `${M}/get-user-details`,
    auth: 'none',
  }),
};

/** The contract's limit on a review's comment (calls.test.ts checks it is the same). */
export const REVIEW_COMMENT_MAX = 2000;

type Reviews = typeof reviewContract;
const R = `${API_BASE.enterprise}/course-reviews`;

export const courseReviews = {
  getMyReview: slim<Reviews['getMyReview']>({
    method: 'POST',
    path: `${R}/get-my-review`,
    auth: 'enterprise',
  }),
  saveReview: slim<Reviews['saveReview']>({ method: 'POST', path: `${R}/save-review`, auth: 'enterprise' }),
};
