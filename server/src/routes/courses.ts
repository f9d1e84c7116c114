import { courses } from '@coach/shared/contract/courses';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/courses/courses.ts';
import { deleteCourse } from '../services/courses/delete-course.ts';

/** The institution's course editor; the adapter has checked the admin role and the course feature. */
export const courseRoutes: Registration[] = [
  serve(courses.list, ({ ctx, input }) => service.listCourses(ctx, input)),
  serve(courses.get, ({ ctx, input }) => service.getCourse(ctx, input)),
  serve(courses.add, ({ ctx, input }) => service.addCourse(ctx, input)),
  serve(courses.edit, ({ ctx, input }) => service.editCourse(ctx, input)),
  serve(courses.setPublished, ({ ctx, input }) => service.setPublished(ctx, input)),
  serve(courses.remove, ({ ctx, input }) => deleteCourse(ctx, input)),
  serve(courses.enrolments, ({ ctx, input }) => service.listEnrolments(ctx, input)),
  serve(courses.refundEnrolment, ({ ctx, input }) => service.refundEnrolment(ctx, input)),
  serve(courses.resendEnrolmentMail, ({ ctx, input }) => service.resendEnrolmentMail(ctx, input)),
];
