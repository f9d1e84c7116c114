import { myCourses } from '@coach/shared/contract/my-courses';
import { type Registration, serve } from '../adapter.ts';
import { listMyCourses } from '../services/courses/course-delivery.ts';

/** A member's marketplace courses; login only, the caller's own. */
export const myCoursesRoutes: Registration[] = [serve(myCourses.list, ({ ctx }) => listMyCourses(ctx))];
