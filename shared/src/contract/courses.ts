import { z } from 'zod';
import { COURSE_CATEGORIES, COURSE_CURRENCIES, COURSE_LEVELS } from '../constants/marketplace.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { fileUrlField, id, optionalQuery, paged, queryInt, searchText, text } from './envelope.ts';

// The institution side of the marketplace (issue 4): an admin of an enterprise with the course feature
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
});
export type ManagedCourse = z.infer<typeof managedCourseSchema>;

export const enrolmentSchema = z.object({
  _id: id(),
  name: z.string(),
  email: z.string(),
  /** paid: enrolled; pending: payment started, not finished; failed: declined or abandoned. */
  paymentStatus: z.enum(['paid', 'pending', 'failed']),
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
    response: managedCourseSchema,
  }),
  add: defineCall({
    method: 'POST',
    path: `${C}/add-course`,
    ...courseCall,
    request: z.strictObject(courseInputShape),
    response: managedCourseSchema,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${C}/edit-course`,
    ...courseCall,
    request: z.strictObject({ courseId: id(), ...courseInputShape }),
    response: managedCourseSchema,
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
    response: managedCourseSchema,
  }),
  enrolments: defineCall({
    method: 'GET',
    path: `${C}/get-course-enrollments`,
    ...courseCall,
    request: z.strictObject({ courseId: id(), currentPage: optionalQuery(queryInt({ min: 1 })) }),
    response: paged(enrolmentSchema).extend({ course: z.object({ _id: id(), name: z.string() }) }),
  }),
};
