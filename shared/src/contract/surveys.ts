import { z } from 'zod';
import { EXPIRY_CHOICES } from '../constants/durations.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, paged, searchText, text } from './envelope.ts';
import {
  type ChoiceAnswer,
  choiceAnswerSchema,
  optionsDiffer,
  type QuestionTemplate,
  questionTemplateSchema,
} from './tasks.ts';

// Surveys (spec §1 "surveys", §2 /enterprise/surveys and /enterprise/surveys/manage/{id?}, permission key
// surveys). The spec names no paths for them; these follow its enterprise convention (prefix surveys/).
const S = `${API_BASE.enterprise}/surveys`;

export const SURVEY_PAGE_SIZE = 10;
export const SURVEY_TITLE_MAX = 200;
export const SURVEY_DESCRIPTION_MAX = 2000;
export const SURVEY_QUESTIONS_MAX = 50;
/** The most surveys a member's list answers at once (open ones first). */
export const MY_SURVEYS_MAX = 200;

/**
 * Draft: being written, members do not see it. Active: published, assigned members answer it. Closed: no more
 * answers (closed by hand, or its due date passed); results stay.
 */
export const SURVEY_STATUSES = ['Draft', 'Active', 'Closed'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

/**
 * A survey question: the question template of spec §3 (multiple choice, options with text and value, an optional
 * "Other" with its label, one or several answers, required or not), without an expected answer: a survey asks
 * opinions, it has no right answers.
 */
export const surveyQuestionSchema = questionTemplateSchema.refine(
  (question) => question.answer === undefined,
  {
    message: 'A survey question has no expected answer',
    path: ['answer'],
  },
);
export type SurveyQuestion = QuestionTemplate;

/**
 * A survey question as authored (add and edit): its options read differently, as a Multiple Choice task's must. A
 * survey saved before the rule still loads (`surveyQuestionSchema` has no such rule).
 */
const authoredSurveyQuestionSchema = surveyQuestionSchema.refine(optionsDiffer, {
  message: 'Options must be different',
  path: ['options'],
});

/** A member's answers: per question id, the option values chosen and the "Other" text (like task type 8). */
export const surveyAnswersSchema = z.record(text().max(64), choiceAnswerSchema, {
  error: 'Please send the answers per question',
});
export type SurveyAnswers = Record<string, ChoiceAnswer>;

/** An expiry of spec §9 in seconds, or null: the survey stays open until it is closed. */
const expiryField = () =>
  z
    .union(
      EXPIRY_CHOICES.map(({ seconds }) => z.literal(seconds)),
      { error: 'Choose a due date from the list' },
    )
    .nullable()
    .default(null);

const surveyFields = {
  title: text({ error: 'Please enter a title' })
    .trim()
    .min(1, 'Please enter a title')
    .max(SURVEY_TITLE_MAX, `At most ${SURVEY_TITLE_MAX} characters`),
  description: text()
    .trim()
    .max(SURVEY_DESCRIPTION_MAX, `At most ${SURVEY_DESCRIPTION_MAX} characters`)
    .optional(),
  /** A draft may be saved without questions; publishing needs at least one. */
  questions: z
    .array(authoredSurveyQuestionSchema, { error: 'Please add the questions' })
    .max(SURVEY_QUESTIONS_MAX, `At most ${SURVEY_QUESTIONS_MAX} questions`)
    // Answers are kept per question id, so two questions cannot share one.
    .refine((questions) => new Set(questions.map((q) => q.id)).size === questions.length, {
      message: 'Each question needs its own id',
    }),
  /** Due this long after publishing (spec §9 choices); null: no due date. */
  expirySeconds: expiryField(),
};

const surveyId = z.strictObject({ surveyId: id() });

/** Who a survey is assigned to: groups (their members now and later) and members directly. */
const audienceRequest = z
  .strictObject({
    surveyId: id(),
    groupIds: z.array(id()).max(500, 'At most 500 groups at once').default([]),
    userIds: z.array(id()).max(1000, 'At most 1000 members at once').default([]),
  })
  .refine((input) => input.groupIds.length + input.userIds.length > 0, {
    message: 'Choose at least one group or member',
    path: ['groupIds'],
  });

const surveyStatusField = z.enum(SURVEY_STATUSES);
/** The statuses a member sees (a draft is the authors' own). */
const publishedStatusField = z.enum(['Active', 'Closed']);

/** A survey as the list shows it. */
export const surveySummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  status: surveyStatusField,
  questionCount: z.number().int(),
  /**
   * Members who have the survey: assigned directly or in an assigned group today, and joined (invited is not
   * joined: services/common/joined.ts).
   */
  assignedCount: z.number().int(),
  /** People who will have it once they accept their invitation: assigned so, not joined yet. */
  invitedCount: z.number().int(),
  /** Members who submitted answers. */
  responseCount: z.number().int(),
  groupCount: z.number().int(),
  expirySeconds: z.number().int().nullable(),
  /** publishedAt + expirySeconds; null before publishing or without a due date. */
  dueAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SurveySummary = z.output<typeof surveySummarySchema>;

/** A survey with its questions and audience, for the manage screen. */
export const surveySchema = surveySummarySchema.extend({
  description: z.string().nullable(),
  questions: z.array(surveyQuestionSchema),
  /** Each group's members who joined, and its invitees apart. */
  groups: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      memberCount: z.number().int(),
      invitedCount: z.number().int(),
    }),
  ),
  members: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
});
export type Survey = z.output<typeof surveySchema>;

/** A survey as the member answering it sees it. */
export const mySurveyRowSchema = z.object({
  surveyId: z.string(),
  title: z.string(),
  status: publishedStatusField,
  questionCount: z.number().int(),
  dueAt: z.string().nullable(),
  /** The member may (still) submit or change answers: Active, not past its due date, and still assigned to them. */
  open: z.boolean(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MySurveyRow = z.output<typeof mySurveyRowSchema>;

export const mySurveySchema = z.object({
  survey: z.object({
    _id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    status: publishedStatusField,
    questions: z.array(surveyQuestionSchema),
    dueAt: z.string().nullable(),
    /** Answers may be given or changed: Active, not past its due date, and still assigned to the member. */
    open: z.boolean(),
    /** Still assigned to the member (a group taken off the survey leaves its members' answers, read only). */
    assigned: z.boolean(),
  }),
  /** The member's submission (null before the first). */
  response: z
    .object({ answers: surveyAnswersSchema, submittedAt: z.string(), updatedAt: z.string() })
    .nullable(),
});
export type MySurvey = z.output<typeof mySurveySchema>;

export const surveyOptionResultSchema = z.object({
  value: z.string(),
  text: z.string(),
  count: z.number().int(),
  percent: z.number(),
});
export type SurveyOptionResult = z.output<typeof surveyOptionResultSchema>;

export const surveyQuestionResultSchema = z.object({
  id: z.string(),
  text: z.string(),
  multipleSelection: z.boolean(),
  required: z.boolean(),
  /** Respondents who answered this question: the base of every percentage below. */
  answered: z.number().int(),
  options: z.array(surveyOptionResultSchema),
  /** The "Other" answer when the question has one: its label, how many chose it and what they wrote. */
  other: z
    .object({
      label: z.string(),
      count: z.number().int(),
      percent: z.number(),
      answers: z.array(z.object({ name: z.string(), text: z.string() })),
    })
    .nullable(),
});
export type SurveyQuestionResult = z.output<typeof surveyQuestionResultSchema>;

export const surveyGroupRateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Members of the group today (active accounts). */
  members: z.number().int(),
  responded: z.number().int(),
  /** responded / members as a whole percentage (0 when the group is empty). */
  rate: z.number(),
});
export type SurveyGroupRate = z.output<typeof surveyGroupRateSchema>;

/** get-survey-results: the answers counted per option, for everyone or one group's members (the top-bar filter). */
export const surveyResultsSchema = z.object({
  surveyId: z.string(),
  title: z.string(),
  status: surveyStatusField,
  /** The group the results are narrowed to, or null for everyone. */
  group: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Members who have the survey (within the group when narrowed). */
  assigned: z.number().int(),
  /** Members who submitted (within the group when narrowed). */
  respondents: z.number().int(),
  /** respondents / assigned as a whole percentage (0 with nobody assigned). */
  responseRate: z.number(),
  questions: z.array(surveyQuestionResultSchema),
  /** Response rate per assigned group (only the filter's group when narrowed). */
  groups: z.array(surveyGroupRateSchema),
});
export type SurveyResults = z.output<typeof surveyResultsSchema>;

const resultsRequest = z.strictObject({ surveyId: id(), groupId: id().optional() });

/** Survey calls: managing needs the `surveys` key; a member's own surveys and answers need login only. */
export const surveys = {
  list: defineCall({
    method: 'POST',
    path: `${S}/get-surveys`,
    reads: true,
    auth: 'enterprise',
    permission: 'surveys',
    request: z.strictObject({
      searchQuery: searchText(),
      status: z.enum(SURVEY_STATUSES, { error: 'Status must be Draft, Active or Closed' }).optional(),
      currentPage: z.number({ error: 'Page must be a whole number' }).int().min(1).default(1),
    }),
    response: paged(surveySummarySchema),
  }),
  get: defineCall({
    method: 'POST',
    path: `${S}/get-survey`,
    reads: true,
    auth: 'enterprise',
    permission: 'surveys',
    request: surveyId,
    response: surveySchema,
  }),
  add: defineCall({
    method: 'POST',
    path: `${S}/add-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: z.strictObject(surveyFields),
    response: surveySchema,
  }),
  /** A draft changes freely; once members have answered, only the title, description and due date may. */
  edit: defineCall({
    method: 'POST',
    path: `${S}/edit-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: z.strictObject({ surveyId: id(), ...surveyFields }),
    response: surveySchema,
  }),
  /** Draft to Active: assigned members see it; the due date counts from now. */
  publish: defineCall({
    method: 'POST',
    path: `${S}/publish-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: surveyId,
    response: surveySchema,
  }),
  /** Active to Closed: no more answers; the results stay. */
  close: defineCall({
    method: 'POST',
    path: `${S}/close-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: surveyId,
    response: surveySchema,
  }),
  /** Deletes the survey with its answers. */
  remove: defineCall({
    method: 'POST',
    path: `${S}/delete-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: surveyId,
    response: z.object({ _id: id() }),
  }),
  /** Adds groups and members to the audience; members who join an assigned group later have the survey too. */
  assign: defineCall({
    method: 'POST',
    path: `${S}/assign-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: audienceRequest,
    response: surveySchema,
  }),
  /** Takes groups and members out of the audience; answers already given stay in the results. */
  unassign: defineCall({
    method: 'POST',
    path: `${S}/unassign-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: audienceRequest,
    response: surveySchema,
  }),
  results: defineCall({
    method: 'POST',
    path: `${S}/get-survey-results`,
    reads: true,
    auth: 'enterprise',
    permission: 'surveys',
    request: resultsRequest,
    response: surveyResultsSchema,
  }),
  /** One row per response as CSV text (cells that could run as spreadsheet formulas are defused). */
  exportResults: defineCall({
    method: 'POST',
    path: `${S}/export-survey-results`,
    reads: true,
    auth: 'enterprise',
    permission: 'surveys',
    request: resultsRequest,
    response: z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() }),
  }),
  /** The caller's surveys (published, assigned to them or answered by them): open ones first, at most MY_SURVEYS_MAX. */
  mySurveys: defineCall({
    method: 'POST',
    path: `${S}/get-my-surveys`,
    auth: 'enterprise',
    permission: null,
    request: empty(),
    response: z.array(mySurveyRowSchema),
  }),
  getMySurvey: defineCall({
    method: 'POST',
    path: `${S}/get-my-survey`,
    auth: 'enterprise',
    permission: null,
    request: surveyId,
    response: mySurveySchema,
  }),
  /** The caller's answers: one submission per member, changed by submitting again while the survey is open. */
  submit: defineCall({
    method: 'POST',
    path: `${S}/submit-survey`,
    auth: 'enterprise',
    permission: null,
    request: z.strictObject({ surveyId: id(), answers: surveyAnswersSchema }),
    response: mySurveySchema,
  }),
};
