/**
 * The light contract modules the site's islands and page scripts import (shared/src/build/light-contract.ts serves
 * them at build time): their calls without the zod schemas, so no page's scripts carry zod. Each export has its
 * contract entry's type, so inputs and answers stay typed; lib/light-contract.test.ts checks the values against the
 * contract.
 */

declare module 'virtual:light-contract/marketplace' {
  export {
    EMAIL_TOO_LONG_MESSAGE,
    INVALID_EMAIL_MESSAGE,
    MARKETPLACE_EMAIL_MAX,
    MARKETPLACE_MESSAGE_MAX,
    MARKETPLACE_NAME_MAX,
    MARKETPLACE_SEARCH_MAX,
    MESSAGE_TOO_LONG_MESSAGE,
    marketplace,
    NAME_TOO_LONG_MESSAGE,
    SEARCH_TOO_LONG_MESSAGE,
  } from '@coach/shared/contract/marketplace';
}

declare module 'virtual:light-contract/course-reviews' {
  export { courseReviews, REVIEW_COMMENT_MAX } from '@coach/shared/contract/course-reviews';
}

declare module 'virtual:light-contract/my-courses' {
  export { myCourses } from '@coach/shared/contract/my-courses';
}
