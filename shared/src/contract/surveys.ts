import { z } from 'zod';
import { EXPIRY_CHOICES } from '../constants/durations.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, type Paged, searchText, shaped, text } from './envelope.ts';
import {
  type ChoiceAnswer,
  choiceAnswerSchema,
  type QuestionTemplate,
  questionTemplateSchema,
} from './tasks.ts';

// Surveys (issue 17, spec §1 "surveys", §2 /enterprise/surveys and /enterprise/surveys/manage/{id?}, permission key
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
    .array(surveyQuestionSchema, { error: 'Please add the questions' })
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

/** A survey as the list shows it. */
export type SurveySummary = {
  _id: string;
  title: string;
  status: SurveyStatus;
  questionCount: number;
  /** Members who have the survey: assigned directly or in an assigned group today. */
  assignedCount: number;
  /** Members who submitted answers. */
  responseCount: number;
  groupCount: number;
  expirySeconds: number | null;
  /** publishedAt + expirySeconds; null before publishing or without a due date. */
  dueAt: string | null;
  publishedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A survey with its questions and audience, for the manage screen. */
export type Survey = SurveySummary & {
  description: string | null;
  questions: SurveyQuestion[];
  groups: { _id: string; name: string; memberCount: number }[];
  members: { _id: string; name: string; email: string }[];
};

/** A survey as the member answering it sees it. */
export type MySurveyRow = {
  surveyId: string;
  title: string;
  status: Exclude<SurveyStatus, 'Draft'>;
  questionCount: number;
  dueAt: string | null;
  /** The member may (still) submit or change answers: Active, not past its due date, and still assigned to them. */
  open: boolean;
  submittedAt: string | null;
  updatedAt: string | null;
};

export type MySurvey = {
  survey: {
    _id: string;
    title: string;
    description: string | null;
    status: Exclude<SurveyStatus, 'Draft'>;
    questions: SurveyQuestion[];
    dueAt: string | null;
    /** Answers may be given or changed: Active, not past its due date, and still assigned to the member. */
    open: boolean;
    /** Still assigned to the member (a group taken off the survey leaves its members' answers, read only). */
    assigned: boolean;
  };
  /** The member's submission (null before the first). */
  response: { answers: SurveyAnswers; submittedAt: string; updatedAt: string } | null;
};

export type SurveyOptionResult = { value: string; text: string; count: number; percent: number };

export type SurveyQuestionResult = {
  id: string;
  text: string;
  multipleSelection: boolean;
  required: boolean;
  /** Respondents who answered this question: the base of every percentage below. */
  answered: number;
  options: SurveyOptionResult[];
  /** The "Other" answer when the question has one: its label, how many chose it and what they wrote. */
  other: { label: string; count: number; percent: number; answers: { name: string; text: string }[] } | null;
};

export type SurveyGroupRate = {
  _id: string;
  name: string;
  /** Members of the group today (active accounts). */
  members: number;
  responded: number;
  /** responded / members as a whole percentage (0 when the group is empty). */
  rate: number;
};

/** get-survey-results: the answers counted per option, for everyone or one group's members (the top-bar filter). */
export type SurveyResults = {
  surveyId: string;
  title: string;
  status: SurveyStatus;
  /** The group the results are narrowed to, or null for everyone. */
  group: { _id: string; name: string } | null;
  /** Members who have the survey (within the group when narrowed). */
  assigned: number;
  /** Members who submitted (within the group when narrowed). */
  respondents: number;
  /** respondents / assigned as a whole percentage (0 with nobody assigned). */
  responseRate: number;
  questions: SurveyQuestionResult[];
  /** Response rate per assigned group (only the filter's group when narrowed). */
  groups: SurveyGroupRate[];
};

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
    response: shaped<Paged<SurveySummary>>(),
  }),
  get: defineCall({
    method: 'POST',
    path: `${S}/get-survey`,
    reads: true,
    auth: 'enterprise',
    permission: 'surveys',
    request: surveyId,
    response: shaped<Survey>(),
  }),
  add: defineCall({
    method: 'POST',
    path: `${S}/add-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: z.strictObject(surveyFields),
    response: shaped<Survey>(),
  }),
  /** A draft changes freely; once members have answered, only the title, description and due date may. */
  edit: defineCall({
    method: 'POST',
    path: `${S}/edit-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: z.strictObject({ surveyId: id(), ...surveyFields }),
    response: shaped<Survey>(),
  }),
  /** Draft to Active: assigned members see it; the due date counts from now. */
  publish: defineCall({
    method: 'POST',
    path: `${S}/publish-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: surveyId,
    response: shaped<Survey>(),
  }),
  /** Active to Closed: no more answers; the results stay. */
  close: defineCall({
    method: 'POST',
    path: `${S}/close-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: surveyId,
    response: shaped<Survey>(),
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
    response: shaped<Survey>(),
  }),
  /** Takes groups and members out of the audience; answers already given stay in the results. */
  unassign: defineCall({
    method: 'POST',
    path: `${S}/unassign-survey`,
    auth: 'enterprise',
    permission: 'surveys',
    request: audienceRequest,
    response: shaped<Survey>(),
  }),
  results: defineCall({
    method: 'POST',
    path: `${S}/get-survey-results`,
    reads: true,
    auth: 'enterprise',
    permission: 'surveys',
    request: resultsRequest,
    response: shaped<SurveyResults>(),
  }),
  /** One row per response as CSV text (cells that could run as spreadsheet formulas are defused). */
  exportResults: defineCall({
    method: 'POST',
    path: `${S}/export-survey-results`,
    reads: true,
    auth: 'enterprise',
    permission: 'surveys',
    request: resultsRequest,
    response: shaped<{ filename: string; csv: string; rows: number }>(),
  }),
  /** The caller's surveys (published, assigned to them or answered by them): open ones first, at most MY_SURVEYS_MAX. */
  mySurveys: defineCall({
    method: 'POST',
    path: `${S}/get-my-surveys`,
    auth: 'enterprise',
    permission: null,
    request: empty(),
    response: shaped<MySurveyRow[]>(),
  }),
  getMySurvey: defineCall({
    method: 'POST',
    path: `${S}/get-my-survey`,
    auth: 'enterprise',
    permission: null,
    request: surveyId,
    response: shaped<MySurvey>(),
  }),
  /** The caller's answers: one submission per member, changed by submitting again while the survey is open. */
  submit: defineCall({
    method: 'POST',
    path: `${S}/submit-survey`,
    auth: 'enterprise',
    permission: null,
    request: z.strictObject({ surveyId: id(), answers: surveyAnswersSchema }),
    response: shaped<MySurvey>(),
  }),
};
