import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { IMAGE_VARIANT_TYPES } from '../constants/marketplace.ts';
import { CONTACT_FORM_MESSAGES } from '../constants/messages.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, paged, text } from './envelope.ts';

// ---------------------------------------------------------------------------------------------
// Entities of spec §3
// ---------------------------------------------------------------------------------------------

/** Course search result (spec §3), the items of get-search-list. */
export const courseSearchResultSchema = z.object({
  _id: id(),
  courseName: z.string(),
  courseProviderName: z.string(),
  courseImgUrl: z.string().nullable(),
});
export type CourseSearchResult = z.infer<typeof courseSearchResultSchema>;

/**
 * A full number (dial code plus national number, the '+' optional as spec §5 sends it) valid for its country by
 * libphonenumber's metadata: the right length and leading digits, not merely digits.
 */
export const isValidMobileNo = (value: string) => {
  const international = value.startsWith('+') ? value : `+${value}`;
  return /^\+\d+$/.test(international) && isValidPhoneNumber(international);
};

// The longest value each marketplace field takes: the contract refuses more, and the site's inputs stop there.
// Plain constants (not objects), so the site's light contract carries them to its page scripts without zod.
export const MARKETPLACE_NAME_MAX = 100;
export const MARKETPLACE_EMAIL_MAX = 254;
export const MARKETPLACE_MESSAGE_MAX = 5000;
export const MARKETPLACE_SEARCH_MAX = 100;

// The plain sentences the marketplace's checks answer with; the site shows each in the page's language.
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email';
export const NAME_TOO_LONG_MESSAGE = 'Name is too long';
export const EMAIL_TOO_LONG_MESSAGE = 'Email is too long';
export const MESSAGE_TOO_LONG_MESSAGE = 'Message is too long';
export const SEARCH_TOO_LONG_MESSAGE = 'Search with at most 100 characters';

/**
 * An address as a browser's email field accepts it (spec §5 "the input type"): the form skips the browser's own
 * check (noValidate, so each message stands beside its field), so the same rule runs here, for the form and for
 * a request posted around it.
 */
const emailFormat = (value: string) => z.regexes.html5Email.test(value);

/**
 * The contact form fields in the order spec §5 checks them; zod reports issues in shape order, so the
 * first issue is the message to show. Email is checked as the email input type checks it (spec §5).
 */
const contactFieldsShape = {
  name: text({ error: CONTACT_FORM_MESSAGES.name })
    .trim()
    .min(1, CONTACT_FORM_MESSAGES.name)
    .max(MARKETPLACE_NAME_MAX, NAME_TOO_LONG_MESSAGE),
  email: text({ error: CONTACT_FORM_MESSAGES.email })
    .trim()
    .min(1, CONTACT_FORM_MESSAGES.email)
    .max(MARKETPLACE_EMAIL_MAX, EMAIL_TOO_LONG_MESSAGE)
    .refine((value) => value === '' || emailFormat(value), INVALID_EMAIL_MESSAGE),
  /**
   * Dial code plus number, digits and plus signs only (spec §5), and a number that can exist in the country of
   * its dial code ('+61 12' or '+1' alone is refused, in the browser and on the server alike).
   */
  mobileNo: text({ error: CONTACT_FORM_MESSAGES.mobileNo })
    .regex(/^[0-9+]+$/, CONTACT_FORM_MESSAGES.mobileNo)
    .max(32, CONTACT_FORM_MESSAGES.mobileNo)
    .refine(isValidMobileNo, CONTACT_FORM_MESSAGES.mobileNo),
  message: text({ error: CONTACT_FORM_MESSAGES.message })
    .trim()
    .min(1, CONTACT_FORM_MESSAGES.message)
    .max(MARKETPLACE_MESSAGE_MAX, MESSAGE_TOO_LONG_MESSAGE),
};

/**
 * What the enquiry is about (spec §3 'plus the course context', §7 'plus the contact context'), all optional: a
 * course, an institution, or a partner programme's landing page (its name, as the page shows it).
 */
const contactContextShape = {
  courseId: id().optional(),
  courseName: text().max(300).optional(),
  courseProviderName: text().max(300).optional(),
  institutionSlug: text().max(100).optional(),
  programme: text().trim().max(100).optional(),
};

/** Contact enquiry (spec §3, §5): name, email, mobileNo, message, plus the course context. */
export const contactEnquirySchema = z.strictObject({ ...contactFieldsShape, ...contactContextShape });
export type ContactEnquiry = z.infer<typeof contactEnquirySchema>;

/**
 * The spec §5 check for the browser: the first failing message in spec order, or null when the form may be
 * sent. The server runs the same schema, so a form posted around the UI gets the same message (422).
 */
export const validateContactForm = (
  input: Partial<Record<keyof typeof contactFieldsShape, string>>,
): string | null => {
  const result = contactEnquirySchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? CONTACT_FORM_MESSAGES.name);
};

/**
 * Every failing field of the contact form with its message (spec §5's sentences), in the spec's order, so a form
 * can show each beside its field and focus the first.
 */
export const contactFormErrors = (
  input: Partial<Record<keyof typeof contactFieldsShape, string>>,
): Partial<Record<keyof typeof contactFieldsShape, string>> => {
  const result = z.object(contactFieldsShape).safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<keyof typeof contactFieldsShape, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof typeof contactFieldsShape;
    errors[field] ??= issue.message;
  }
  return Object.fromEntries(
    (Object.keys(contactFieldsShape) as (keyof typeof contactFieldsShape)[])
      .filter((key) => errors[key])
      .map((key) => [key, errors[key]]),
  );
};

/** The formats of an image's smaller copies, in the order a page offers them (the smallest files first). */
export { IMAGE_VARIANT_TYPES, type ImageVariantType } from '../constants/marketplace.ts';

/**
 * A stored image's copies at display widths in modern formats, made by the server when the
 * image is saved: a page offers them in a `<picture>` before the original. `width` and `height` are the
 * original's (upright), for the image's width and height attributes; no copy is wider than the original.
 */
export const imageVariantsSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(
    z.object({ url: z.string(), type: z.enum(IMAGE_VARIANT_TYPES), width: z.number().int() }),
  ),
});
export type ImageVariants = z.infer<typeof imageVariantsSchema>;

/** A course as the grid, the institution page and the search show it. */
export const courseCardSchema = z.object({
  _id: id(),
  courseName: z.string(),
  courseProviderName: z.string(),
  institutionSlug: z.string(),
  courseImgUrl: z.string().nullable(),
  /** The cover's AVIF and WebP copies; null when it has none (no cover, or one saved before they were made). */
  courseImgVariants: imageVariantsSchema.nullable(),
  category: z.string(),
  level: z.string(),
  duration: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  rating: z.number(),
  ratingCount: z.number().int(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

/** A review by an enrolled learner: 1 to 5 stars and what they thought. */
export const courseReviewSchema = z.object({
  _id: id(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  /** First name and initial: a public page shows no member's full name. */
  reviewerName: z.string(),
  updatedAt: z.string(),
});
export type CourseReview = z.infer<typeof courseReviewSchema>;

/** One module of a course's syllabus with its lessons. */
export const syllabusModuleSchema = z.object({
  title: z.string(),
  lessons: z.array(z.object({ title: z.string(), minutes: z.number().int().min(0) })),
});
export type SyllabusModule = z.infer<typeof syllabusModuleSchema>;

export const courseDetailSchema = courseCardSchema.extend({
  description: z.string(),
  updatedAt: z.string(),
  /** What a learner will be able to do after the course. */
  outcomes: z.array(z.string()),
  syllabus: z.array(syllabusModuleSchema),
  instructor: z.object({ name: z.string(), bio: z.string() }).nullable(),
  /** Enrolled learners' reviews, newest first (the latest 20; `reviewCount` says how many in all). */
  reviews: z.array(courseReviewSchema),
  reviewCount: z.number().int(),
  /** Their mean rating, or null before the first review. */
  reviewAverage: z.number().nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const institutionSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  courseCount: z.number().int(),
});

export const institutionSchema = institutionSummarySchema.extend({
  description: z.string(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  courses: z.array(courseCardSchema),
});
export type Institution = z.infer<typeof institutionSchema>;

/** get-homepage: the marketplace state of spec §3 before any filter. */
export const homepageSchema = z.object({
  homeCoursesData: z.array(courseCardSchema),
  categories: z.array(z.object({ name: z.string(), courseCount: z.number().int() })),
  enterprises: z.array(institutionSummarySchema),
  totalCoursesCount: z.number().int(),
  totalUsersCounts: z.number().int(),
});
export type Homepage = z.infer<typeof homepageSchema>;

/** Marketplace filters (spec §3: search, institutes, categories, rating, page=1). */
export const courseFiltersSchema = z.strictObject({
  search: text().trim().max(MARKETPLACE_SEARCH_MAX, SEARCH_TOO_LONG_MESSAGE).default(''),
  institutes: z.array(text().max(100)).max(50).default([]),
  categories: z.array(text().max(100)).max(50).default([]),
  /**
   * Minimum rating, 0-5 (0 or absent: any), to a tenth: ratings are a 4-byte real in the database, which
   * refuses a tiny double such as 1e-300 (PostgreSQL: out of range, a 500).
   */
  rating: z
    .number()
    .min(0)
    .max(5)
    .transform((value) => Math.round(value * 10) / 10)
    .nullable()
    .optional(),
  page: z.number().int().min(1).default(1),
});
export type CourseFilters = z.input<typeof courseFiltersSchema>;

const emailField = text()
  .trim()
  .toLowerCase()
  .email(INVALID_EMAIL_MESSAGE)
  .max(MARKETPLACE_EMAIL_MAX, EMAIL_TOO_LONG_MESSAGE);
const paymentIdField = text().trim().min(1, 'The payment is missing').max(200);

/** generate-secret: the payment to confirm (provider 'test' is the embedded, clearly marked test mode). */
export const paymentStartSchema = z.object({
  paymentId: z.string(),
  clientSecret: z.string(),
  provider: z.enum(['test', 'stripe']),
  amountCents: z.number().int(),
  currency: z.string(),
  /** Stripe's publishable key in live mode (null in test mode). */
  publishableKey: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const enrolmentStatusSchema = z.object({
  /** refunded: the institution paid it back and the access was taken away. */
  status: z.enum(['paid', 'pending', 'failed', 'refunded']),
  courseId: id(),
  courseName: z.string(),
  courseProviderName: z.string(),
  email: z.string(),
});
export type EnrolmentStatus = z.infer<typeof enrolmentStatusSchema>;

/**
 * check-enrollment-status: the enrolment's state, the same for every address: nothing in it tells whether the
 * address has an account, here or in another organisation (the buyer's mail says how to start).
 */
export const paymentStatusSchema = enrolmentStatusSchema;
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

const enrolmentContact = {
  courseId: id(),
  name: text().trim().min(1, 'Please Enter Name').max(MARKETPLACE_NAME_MAX, NAME_TOO_LONG_MESSAGE),
  email: emailField,
};

// ---------------------------------------------------------------------------------------------
// Calls (spec §7: all POST, public)
// ---------------------------------------------------------------------------------------------

const M = API_BASE.marketplace;
const contactBody = z.strictObject({ data: contactEnquirySchema });
const contactResponse = z.object({});

/** Marketplace calls (spec §7). Public: no token, throttled by the server. */
export const marketplace = {
  /** Home data: courses, categories, enterprises, totals (spec §3 marketplace state). */
  getHomepage: defineCall({
    method: 'POST',
    path: `${M}/get-homepage`,
    auth: 'none',
    permission: null,
    request: z.strictObject({}),
    response: homepageSchema,
  }),
  getAllCoursesHome: defineCall({
    method: 'POST',
    path: `${M}/get-all-courses-home`,
    auth: 'none',
    permission: null,
    request: courseFiltersSchema,
    /**
     * `categoryCounts`: each category's published courses under the other filters (search, institutes, rating), so
     * the category list says what ticking one would show; a category with none there has 0.
     */
    response: paged(courseCardSchema).extend({
      categoryCounts: z.array(z.object({ name: z.string(), courseCount: z.number().int() })),
    }),
  }),
  /** Every published course id (build time: one page per course). */
  getCourseIds: defineCall({
    method: 'POST',
    path: `${M}/get-course-ids`,
    auth: 'none',
    permission: null,
    request: z.strictObject({}),
    response: z.array(z.object({ _id: id(), updatedAt: z.string() })),
  }),
  /** An institution by its slug (spec §2: /marketplace/institution/{id} where id is a slug). */
  getInstitute: defineCall({
    method: 'POST',
    path: `${M}/get-institute`,
    auth: 'none',
    permission: null,
    request: z.strictObject({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Unknown institution') }),
    response: institutionSchema,
  }),
  /** The home page's contact section (same rules as the modal, spec §5). */
  contactFormHome: defineCall({
    method: 'POST',
    path: `${M}/contact-form-home`,
    auth: 'none',
    permission: null,
    request: contactBody,
    response: contactResponse,
  }),
  getCourseDetails: defineCall({
    method: 'POST',
    path: `${M}/get-course-details`,
    auth: 'none',
    permission: null,
    request: z.strictObject({ courseId: id() }),
    response: courseDetailSchema,
  }),
  /** Starts a payment for an enrolment; the answer carries the provider's client secret. */
  generateSecret: defineCall({
    method: 'POST',
    path: `${M}/generate-secret`,
    auth: 'none',
    permission: null,
    request: z.strictObject(enrolmentContact),
    response: paymentStartSchema,
  }),
  checkEnrollmentStatus: defineCall({
    method: 'POST',
    path: `${M}/check-enrollment-status`,
    auth: 'none',
    permission: null,
    request: z.strictObject({ paymentId: paymentIdField }),
    response: paymentStatusSchema,
  }),
  /**
   * Finishes an enrolment once its payment has succeeded (idempotent); a free course needs paymentId 'free', and
   * a second free enrolment under the same address is a 409 "You are already enrolled in this course".
   */
  enrollCourse: defineCall({
    method: 'POST',
    path: `${M}/enroll-course`,
    auth: 'none',
    permission: null,
    request: z.strictObject({ ...enrolmentContact, paymentId: paymentIdField }),
    response: enrolmentStatusSchema,
  }),
  /**
   * The embedded test-mode payment provider's confirm step (what Stripe.js does against Stripe in live mode):
   * card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Not available with a live provider.
   */
  confirmTestPayment: defineCall({
    method: 'POST',
    path: `${M}/test-payments/confirm`,
    auth: 'none',
    permission: null,
    request: z.strictObject({
      clientSecret: text().min(10).max(200),
      cardNumber: text()
        .transform((v) => v.replace(/\s+/g, ''))
        .pipe(z.string().regex(/^\d{16}$/, 'Enter the 16 digits of the card')),
      expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiry as MM/YY'),
      cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
    }),
    response: z.object({ paymentId: z.string(), status: z.enum(['succeeded', 'declined']) }),
  }),
  /** The contact-us modal (spec §5, §7): body `{ data: { name, email, mobileNo, message, ...context } }`. */
  sendContactUsDetails: defineCall({
    method: 'POST',
    path: `${M}/send-contact-us-details`,
    auth: 'none',
    permission: null,
    request: contactBody,
    response: contactResponse,
  }),
  getSearchList: defineCall({
    method: 'POST',
    path: `${M}/get-search-list`,
    auth: 'none',
    permission: null,
    request: z.strictObject({
      search: text().trim().max(MARKETPLACE_SEARCH_MAX, SEARCH_TOO_LONG_MESSAGE),
    }),
    response: z.array(courseSearchResultSchema),
  }),
  /** Whether this email is already enrolled in the course (so a learner is not charged twice). */
  getUserDetails: defineCall({
    method: 'POST',
    path: `${M}/get-user-details`,
    auth: 'none',
    permission: null,
    request: z.strictObject({ email: emailField, courseId: id() }),
    response: z.object({ alreadyEnrolled: z.boolean() }),
  }),
};
