import { courseReviews } from '@coach/shared/contract/course-reviews';
import { marketplace } from '@coach/shared/contract/marketplace';
import { myCourses } from '@coach/shared/contract/my-courses';
import { type Registration, serve } from '../adapter.ts';
import * as reviews from '../services/courses/course-reviews.ts';
import * as enrolments from '../services/courses/enrolments.ts';
import { myCourseEnrolment } from '../services/courses/my-course-enrolment.ts';
import { searchList } from '../services/marketplace/course-search.ts';
import { sendEnquiry } from '../services/marketplace/enquiries.ts';
import * as service from '../services/marketplace/marketplace.ts';

/** The public marketplace calls of spec §7 that the static site and its islands use. */
export const marketplaceRoutes: Registration[] = [
  serve(marketplace.getHomepage, ({ ctx }) => service.homepage(ctx)),
  serve(marketplace.getAllCoursesHome, ({ ctx, input }) => service.listCourses(ctx, input)),
  serve(marketplace.getCourseIds, ({ ctx }) => service.courseIds(ctx)),
  serve(marketplace.getCourseDetails, ({ ctx, input }) => service.courseDetails(ctx, input)),
  serve(marketplace.getInstitute, ({ ctx, input }) => service.institution(ctx, input)),
  serve(marketplace.getSearchList, ({ ctx, input }) => searchList(ctx, input)),
  serve(marketplace.sendContactUsDetails, ({ ctx, input }) => sendEnquiry(ctx, 'course', input)),
  serve(marketplace.contactFormHome, ({ ctx, input }) => sendEnquiry(ctx, 'home', input)),
  serve(marketplace.getUserDetails, ({ ctx, input }) => enrolments.userDetails(ctx, input)),
  serve(marketplace.generateSecret, ({ ctx, input }) => enrolments.startPayment(ctx, input)),
  serve(marketplace.checkEnrollmentStatus, ({ ctx, input }) => enrolments.checkStatus(ctx, input)),
  serve(marketplace.enrollCourse, ({ ctx, input }) => enrolments.enrol(ctx, input)),
  serve(marketplace.confirmTestPayment, ({ ctx, input }) => enrolments.confirmTestPayment(ctx, input)),
  // An enrolled learner's review (enterprise calls: the reviewer signs in).
  serve(courseReviews.getMyReview, ({ ctx, input }) => reviews.getMyReview(ctx, input)),
  serve(courseReviews.saveReview, ({ ctx, input }) => reviews.saveReview(ctx, input)),
  // A signed-in learner's course page asks whether they are enrolled, to offer the course instead of Enrol.
  serve(myCourses.enrolment, ({ ctx, input }) => myCourseEnrolment(ctx, input)),
];
