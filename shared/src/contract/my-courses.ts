import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id } from './envelope.ts';
import { videoContentSchema } from './video.ts';

// "My courses": the marketplace courses a member bought from their organisation (an institution),
// with how far they are and where to continue. Login only; the request names nobody: the caller's own courses.

const G = `${API_BASE.enterprise}/general`;

/** The next thing to do in a course: its first task not completed, else its first video not watched. */
export const myCourseNextSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('task'), taskId: z.string(), title: z.string() }),
  z.object({ kind: z.literal('video'), video: videoContentSchema }),
]);

/**
 * One lesson of a course, in the order the institution assigned them: a task with the member's status in it
 * (0 not started, 1 in progress, 2 completed), or a video and whether they watched it.
 */
export const myCourseItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('task'),
    taskId: z.string(),
    title: z.string(),
    status: z.number().int(),
  }),
  z.object({ kind: z.literal('video'), video: videoContentSchema, watched: z.boolean() }),
]);
export type MyCourseItem = z.output<typeof myCourseItemSchema>;

export const myCourseSchema = z.object({
  courseId: z.string(),
  enrolmentId: z.string(),
  name: z.string(),
  institutionName: z.string(),
  category: z.string(),
  level: z.string(),
  duration: z.string(),
  imageUrl: z.string().nullable(),
  enrolledAt: z.string(),
  tasks: z.object({ total: z.number().int(), completed: z.number().int() }),
  videos: z.object({ total: z.number().int(), watched: z.number().int() }),
  /** Tasks completed and videos watched, out of 100. */
  progress: z.number().int(),
  /** null when everything is done (or the institution has not assigned anything to the course yet). */
  next: myCourseNextSchema.nullable(),
  /** Every task and video of the course, so the member sees what the course holds and opens any of them. */
  items: z.array(myCourseItemSchema),
});
export type MyCourse = z.output<typeof myCourseSchema>;

export const myCourses = {
  list: defineCall({
    method: 'GET',
    path: `${G}/my-courses`,
    auth: 'enterprise',
    permission: null,
    request: z.strictObject({}),
    response: z.array(myCourseSchema),
  }),
  /**
   * Whether the caller is enrolled in one marketplace course, asked by its static page once loaded so an enrolled
   * learner is offered the course instead of Enrol. `enrolled`: a paid enrolment under their account or address;
   * `inMyCourses`: delivered to their account, so My courses lists it (not so for an address whose account is in
   * another organisation).
   */
  enrolment: defineCall({
    method: 'POST',
    path: `${G}/my-courses/enrolment`,
    auth: 'enterprise',
    permission: null,
    reads: true,
    request: z.strictObject({ courseId: id() }),
    response: z.object({ enrolled: z.boolean(), inMyCourses: z.boolean() }),
  }),
};
