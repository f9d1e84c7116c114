import { z } from 'zod';
import { COURSE_CATEGORIES, COURSE_CURRENCIES, COURSE_LEVELS } from '../constants/marketplace.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { fileUrlField, id, optionalQuery, paged, queryInt, searchText, text } from './envelope.ts';
import { syllabusModuleSchema } from './marketplace.ts';

// The institution side of the marketplace: an admin of an enterprise with the course feature
// manages its courses (spec §2 /enterprise/courses, create-courses, course/edit/{id}, course-enrollments/{id}).
const C = `${API_BASE.enterprise}/courses`;

export const COURSE_PAGE_SIZE = 20;

export const courseInputShape = {
  name: text().trim().min(1, 'Please enter the course name').max(150, 'At most 150 characters'),
  category: z.enum(COURSE_CATEGORIES, { error: 'Choose a category' }),
  description: text()
    .trim()
    .min(20, 'Describe the course in at least 20 characters')
    .max(5000, 'At most 5000 characters'),
  priceCents: z
    .number({ error: 'Enter a price' })
    .int('Enter the price in cents')
    .min(0, 'The price cannot be negative')
    .max(10_000_000, 'The price is too high'),
  currency: z.enum(COURSE_CURRENCIES, { error: 'Choose a currency' }),
  duration: text().trim().min(1, 'Please enter the duration').max(64, 'At most 64 characters'),
  level: z.enum(COURSE_LEVELS as [string, ...string[]], { error: 'Choose a level' }),
  imageUrl: fileUrlField().nullable(),
};

/**
 * How much a course page holds of what a buyer decides on: what learners will learn, the
 * syllabus in modules and lessons, and the instructor. The editor's limits and the server's checks both read
 * these.
 */
export const COURSE_OUTLINE_LIMITS = {
  outcomes: 12,
  outcomeLength: 200,
  modules: 30,
  moduleTitleLength: 120,
  lessonsPerModule: 50,
  lessonTitleLength: 150,
  lessonMinutes: { min: 1, max: 600 },
  instructorNameLength: 100,
  instructorBioLength: 1000,
} as const;
const L = COURSE_OUTLINE_LIMITS;

const lessonInputSchema = z.strictObject({
  title: text()
    .trim()
    .min(1, 'Please enter the lesson title')
    .max(L.lessonTitleLength, `At most ${L.lessonTitleLength} characters`),
  minutes: z
    .number({ error: `Enter the minutes, ${L.lessonMinutes.min} to ${L.lessonMinutes.max}` })
    .int('Enter whole minutes')
    .min(L.lessonMinutes.min, `At least ${L.lessonMinutes.min} minute`)
    .max(L.lessonMinutes.max, `At most ${L.lessonMinutes.max} minutes`),
});

const moduleInputSchema = z.strictObject({
  title: text()
    .trim()
    .min(1, 'Please enter the module title')
    .max(L.moduleTitleLength, `At most ${L.moduleTitleLength} characters`),
  lessons: z
    .array(lessonInputSchema, { error: 'lessons is a list' })
    .min(1, 'Add at least one lesson to this module')
    .max(L.lessonsPerModule, `At most ${L.lessonsPerModule} lessons in a module`),
});

export const courseInstructorSchema = z.strictObject({
  name: text()
    .trim()
    .min(1, "Please enter the instructor's name")
    .max(L.instructorNameLength, `At most ${L.instructorNameLength} characters`),
  bio: text().trim().max(L.instructorBioLength, `At most ${L.instructorBioLength} characters`),
});
export type CourseInstructor = z.infer<typeof courseInstructorSchema>;

/**
 * The outline of a course as add-course and edit-course take it. Each part is optional: add-course leaves a
 * missing part empty, edit-course leaves it as it was. `instructor: null` says nobody is named.
 */
export const courseOutlineShape = {
  outcomes: z
    .array(
      text()
        .trim()
        .min(1, 'Write what learners will learn, or remove this line')
        .max(L.outcomeLength, `At most ${L.outcomeLength} characters`),
      { error: 'outcomes is a list of sentences' },
    )
    .max(L.outcomes, `At most ${L.outcomes} outcomes`)
    .optional(),
  syllabus: z
    .array(moduleInputSchema, { error: 'syllabus is a list of modules' })
    .max(L.modules, `At most ${L.modules} modules`)
    .optional(),
  instructor: courseInstructorSchema.nullable().optional(),
};

export const managedCourseSchema = z.object({
  _id: id(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  duration: z.string(),
  level: z.string(),
  imageUrl: z.string().nullable(),
  published: z.boolean(),
  rating: z.number(),
  ratingCount: z.number().int(),
  enrolmentCount: z.number().int(),
  updatedAt: z.string(),
  /**
   * Why delete-course would refuse the course, or null when it may be deleted: it has enrolments (or checkouts),
   * or it has been on the marketplace (its page may be linked to or reviewed).
   */
  deleteBlockedBy: z.enum(['enrolments', 'published']).nullable(),
});
export type ManagedCourse = z.infer<typeof managedCourseSchema>;

/** One course with its outline, as get-course, add-course, edit-course and publish-course answer. */
export const managedCourseDetailSchema = managedCourseSchema.extend({
  outcomes: z.array(z.string()),
  syllabus: z.array(syllabusModuleSchema),
  instructor: z.object({ name: z.string(), bio: z.string() }).nullable(),
  /**
   * The group a buyer joins; the tasks and videos assigned to it are the course's (null until the
   * course has one: it is made when the course is created, or at its first enrolment).
   */
  learnerGroup: z.object({ _id: id(), name: z.string() }).nullable(),
});
export type ManagedCourseDetail = z.infer<typeof managedCourseDetailSchema>;

/** A checkout not completed within a day is abandoned: it never counts as an enrolment (spec: a row is an enrolment once paid). */
export const ENROLMENT_CHECKOUT_WINDOW_MS = 24 * 60 * 60 * 1000;

export const enrolmentSchema = z.object({
  _id: id(),
  name: z.string(),
  email: z.string(),
  /**
   * paid: enrolled; pending: a checkout under way (started within ENROLMENT_CHECKOUT_WINDOW_MS); abandoned: a
   * checkout not completed within it; failed: declined; refunded: paid back. Only paid ones are enrolments.
   */
  paymentStatus: z.enum(['paid', 'pending', 'abandoned', 'failed', 'refunded']),
  /**
   * The organisation's member account for the buyer: the one the course was delivered to (invited: has not set a
   * password yet; revoked: the access was taken back), or, for a checkout that delivered nothing, the member account
   * with that email (noAccess: it has an account, this checkout gave it no access). null when the organisation has
   * no account with that email (another organisation's accounts are never shown).
   */
  learner: z
    .object({ _id: id(), name: z.string(), state: z.enum(['invited', 'active', 'revoked', 'noAccess']) })
    .nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

const courseCall = {
  auth: 'enterprise',
  permission: null,
  adminRoleOnly: true,
  feature: 'enableCourseFeature',
} as const;

export const courses = {
  list: defineCall({
    method: 'GET',
    path: `${C}/get-courses`,
    ...courseCall,
    request: z.strictObject({
      searchInput: optionalQuery(searchText()),
      currentPage: optionalQuery(queryInt({ min: 1 })),
      status: optionalQuery(z.enum(['published', 'draft'], { error: 'Status is published or draft' })),
    }),
    response: paged(managedCourseSchema).extend({ isInstitution: z.boolean() }),
  }),
  get: defineCall({
    method: 'GET',
    path: `${C}/get-course-by-id`,
    ...courseCall,
    request: z.strictObject({ courseId: id() }),
    response: managedCourseDetailSchema,
  }),
  add: defineCall({
    method: 'POST',
    path: `${C}/add-course`,
    ...courseCall,
    request: z.strictObject({ ...courseInputShape, ...courseOutlineShape }),
    response: managedCourseDetailSchema,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${C}/edit-course`,
    ...courseCall,
    request: z.strictObject({ courseId: id(), ...courseInputShape, ...courseOutlineShape }),
    response: managedCourseDetailSchema,
  }),
  /** Publishing puts the course on the marketplace (the site is rebuilt); unpublishing takes it off. */
  setPublished: defineCall({
    method: 'POST',
    path: `${C}/publish-course`,
    ...courseCall,
    request: z.strictObject({
      courseId: id(),
      published: z.boolean({ error: 'published is true or false' }),
    }),
    response: managedCourseDetailSchema,
  }),
  /**
   * Deletes a course that has never been on the marketplace and has no enrolment, with its buyers' group when
   * nobody is in it (409 with the reason otherwise; another enterprise's course is 404).
   */
  remove: defineCall({
    method: 'POST',
    path: `${C}/delete-course`,
    ...courseCall,
    request: z.strictObject({ courseId: id() }),
    response: z.object({ _id: id() }),
  }),
  enrolments: defineCall({
    method: 'GET',
    path: `${C}/get-course-enrollments`,
    ...courseCall,
    request: z.strictObject({
      courseId: id(),
      currentPage: optionalQuery(queryInt({ min: 1 })),
      /** enrolments (the default): paid and refunded ones; checkouts: also those not completed (pending, abandoned, failed). */
      show: optionalQuery(z.enum(['enrolments', 'checkouts'], { error: 'Show is enrolments or checkouts' })),
    }),
    response: paged(enrolmentSchema).extend({
      course: z.object({ _id: id(), name: z.string() }),
      /**
       * What the course has taken, over all its enrolments (not only this page's), one row a currency: paid, the
       * enrolments that stand and the amount they brought; refunded, those paid back and their amount.
       */
      takings: z.array(
        z.object({
          currency: z.string(),
          paid: z.number().int(),
          paidCents: z.number().int(),
          refunded: z.number().int(),
          refundedCents: z.number().int(),
        }),
      ),
    }),
  }),
  /** Pays a paid enrolment back and takes its access away (the learner's account stays). */
  refundEnrolment: defineCall({
    method: 'POST',
    path: `${C}/refund-enrollment`,
    ...courseCall,
    request: z.strictObject({ courseId: id(), enrolmentId: id() }),
    response: enrolmentSchema,
  }),
  /**
   * Sends a paid enrolment's mail again with a fresh set-password link, for a buyer who never chose a password
   * (earlier links stop working): 409 once they have one, 429 past 3 an hour per enrolment.
   */
  resendEnrolmentMail: defineCall({
    method: 'POST',
    path: `${C}/resend-enrollment-mail`,
    ...courseCall,
    request: z.strictObject({ courseId: id(), enrolmentId: id() }),
    response: enrolmentSchema,
  }),
};
