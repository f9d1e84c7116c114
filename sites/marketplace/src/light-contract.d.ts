/**
 * The light contract modules the site's islands and page scripts import (shared/src/build/light-contract.ts serves
 * them at build time): their calls without the zod schemas, so no page's scripts carry zod. Each export has its
 * contract entry's type, so inputs and answers stay typed; lib/light-contract.test.ts checks the values against the
 * contract.
 */

declare module 'virtual:light-contract/marketplace' {
  export { marketplace } from '@coach/shared/contract/marketplace';
}

declare module 'virtual:light-contract/course-reviews' {
  export { courseReviews, REVIEW_COMMENT_MAX } from '@coach/shared/contract/course-reviews';
}

declare module 'virtual:light-contract/my-courses' {
  export { myCourses } from '@coach/shared/contract/my-courses';
}
